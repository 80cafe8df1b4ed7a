import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Receipt, ReceiptFormOrder } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { fakeApiForEachTest, renderRoute } from "../../testing/route-harness.tsx";

const order = (patch: Partial<ReceiptFormOrder> = {}): ReceiptFormOrder => ({
  orderNo: "FO202612040001",
  questionId: "goods",
  lines: [
    {
      itemId: "shirt",
      name: "文化衫",
      variant: { 尺码: "M" },
      quantity: 2,
      unitPriceFen: 5900,
      amountFen: 11800,
    },
  ],
  totalFen: 11800,
  refundedFen: 0,
  status: "pending",
  statusLabel: "待支付",
  createdAt: "2026-12-04 18:00:00",
  expiresAt: "2026-12-04 18:30:00",
  paidAt: "",
  payable: true,
  providers: [{ name: "fake", label: "模拟支付（本地测试通道）" }],
  ...patch,
});
const paidOrder = (patch: Partial<ReceiptFormOrder> = {}) =>
  order({ status: "paid", statusLabel: "已支付", paidAt: "2026-12-04 18:05:00", payable: false, ...patch });

let current = order();
let settled = false;
const receipt = (): Receipt => ({
  questionnaireTitle: "年会报名",
  publicId: "pub1",
  submittedAt: "2026-12-04 18:00:00",
  state: "kept",
  items: [],
  bookings: [],
  orders: [current],
  erasure: null,
  review: null,
});

const requests = fakeApiForEachTest({
  "anQuestion/getReceipt": () => receipt(),
  "anQuestion/formOrder": () => (settled ? paidOrder() : current),
  "anQuestion/payFormOrder": () => ({ order: current, codeUrl: "fake://pay/FO202612040001" }),
  "anQuestion/fakePayFormOrder": () => {
    // The local gateway's notification settles the order: the receipt lists it paid from now on.
    settled = true;
    current = paidOrder();
    return { delivered: true };
  },
});

describe("我的订单 on the receipt", { timeout: 30_000 }, () => {
  it("shows a paid order's lines, 已支付, its time and what was refunded, with nothing to pay", async () => {
    current = paidOrder({ status: "partially_refunded", statusLabel: "部分退款", refundedFen: 5900 });
    renderRoute("/receipt/5.t1");
    const card = await screen.findByTestId("receipt-order", {}, { timeout: 10_000 });
    expect(card.textContent).toContain("FO202612040001");
    expect(card.textContent).toContain("部分退款");
    expect(card.textContent).toContain("支付时间：2026-12-04 18:05:00");
    expect(card.textContent).toContain("已退款 ¥59.00");
    expect(within(card).getByTestId("order-lines").textContent).toContain("文化衫尺码：M2¥118.00");
    expect(within(card).queryByRole("button", { name: "立即支付" })).toBeNull();
  });

  it("says 已支付 and shows no refund line for a plain paid order", async () => {
    current = paidOrder();
    renderRoute("/receipt/5.t2");
    const card = await screen.findByTestId("receipt-order", {}, { timeout: 10_000 });
    expect(card.textContent).toContain("已支付");
    expect(card.textContent).not.toContain("已退款");
  });

  it("pays an open order from the receipt, then reloads it as paid", async () => {
    current = order();
    settled = false;
    renderRoute("/receipt/5.t3");
    const card = await screen.findByTestId("receipt-order", {}, { timeout: 10_000 });
    expect(card.textContent).toContain("待支付");
    expect(card.textContent).toContain("请在 18:30 前完成支付，超时订单将自动关闭");
    fireEvent.click(await within(card).findByRole("button", { name: "立即支付" }));
    fireEvent.click(await within(card).findByRole("button", { name: "模拟扫码支付" }));
    // The receipt reloads once the order is paid: the order lists as paid, and the pay step is gone.
    await waitFor(() =>
      expect(requests.filter((url) => url.includes("anQuestion/getReceipt"))).toHaveLength(2),
    );
    await waitFor(() => expect(screen.queryByTestId("form-order-pay")).toBeNull());
    const paid = screen.getByTestId("receipt-order");
    expect(paid.textContent).toContain("已支付");
    expect(paid.textContent).toContain("支付时间：2026-12-04 18:05:00");
    expect(requests.some((url) => url.includes("anQuestion/fakePayFormOrder"))).toBe(true);
  });
});
