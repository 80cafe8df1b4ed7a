import type { ConsumptionView } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { amountText, consumptionCsv, signedYuan } from "./consumption-csv.ts";

const row = (over: Partial<ConsumptionView>): ConsumptionView => ({
  id: "order:20260601100000123456",
  source: "order",
  createdAt: "2026-06-01 10:00:00",
  type: "vip",
  typeLabel: "会员开通",
  itemName: "黄金会员（1年）",
  amountFen: -9_900,
  orderNo: "20260601100000123456",
  status: "paid",
  statusLabel: "已支付",
  provider: "wallet",
  invoiceStatus: "issued",
  ...over,
});

describe("消费明细 CSV", () => {
  it("writes every row with signed 元, order numbers kept as text, and quotes what needs quoting", () => {
    const text = consumptionCsv([
      row({}),
      row({
        id: "wallet:withdrawal:1",
        source: "wallet",
        type: "withdrawal",
        typeLabel: "提现",
        itemName: '提现申请, "支付宝"',
        amountFen: 1_500,
        orderNo: "",
        statusLabel: "已撤销",
        provider: "",
        invoiceStatus: null,
      }),
    ]);
    expect(text.startsWith("\ufeff")).toBe(true);
    expect(text.slice(1).split("\r\n")).toEqual([
      "时间,类型,项目,金额（元）,订单号,支付方式,状态,发票",
      "2026-06-01 10:00:00,会员开通,黄金会员（1年）,-99.00,\t20260601100000123456,余额支付,已支付,已开票",
      '2026-06-01 10:00:00,提现,"提现申请, ""支付宝""",+15.00,,,已撤销,',
    ]);
  });

  it("shows money in with a plus sign and money out with a minus", () => {
    expect([signedYuan(5), signedYuan(-12_345), signedYuan(0)]).toEqual(["+0.05", "-123.45", "0.00"]);
  });

  it("shows an order that moved no money (待支付, 已关闭) without a sign, never as money gone", () => {
    expect(amountText(row({ amountFen: 9_900, status: "pending", statusLabel: "待支付" }))).toBe("99.00");
    expect(amountText(row({ amountFen: 9_900, status: "cancelled", statusLabel: "已关闭" }))).toBe("99.00");
    expect(amountText(row({ type: "recharge", amountFen: 5_000, status: "pending" }))).toBe("50.00");
    expect(amountText(row({}))).toBe("-99.00");
  });
});
