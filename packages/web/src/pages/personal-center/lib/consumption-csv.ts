import { type ConsumptionView, fenToYuan, invoiceStatusLabels, payProviderLabels } from "@wjgj/core";

/** A signed amount as 元, with "+" for money that came to the account. */
export function signedYuan(fen: number): string {
  return fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen);
}

/** An order that moved no money (待支付, 已关闭): its amount has no sign, so it never reads as a charge. */
export function movedNoMoney(row: Pick<ConsumptionView, "source" | "status">): boolean {
  return row.source === "order" && (row.status === "pending" || row.status === "cancelled");
}

/** A row's amount as 消费明细 shows it: signed when money moved, plain when it did not. */
export function amountText(row: Pick<ConsumptionView, "source" | "status" | "amountFen">): string {
  return movedNoMoney(row) ? fenToYuan(Math.abs(row.amountFen)) : signedYuan(row.amountFen);
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * 消费明细 as a CSV file Excel opens: UTF-8 with a BOM, CRLF lines, and the order number behind a tab so
 * that Excel keeps its 20 digits as text instead of rounding them into a float.
 */
export function consumptionCsv(rows: ConsumptionView[]): string {
  const lines = [
    ["时间", "类型", "项目", "金额（元）", "订单号", "支付方式", "状态", "发票"],
    ...rows.map((r) => [
      r.createdAt,
      r.typeLabel,
      r.itemName,
      amountText(r),
      r.orderNo ? `\t${r.orderNo}` : "",
      r.provider ? (payProviderLabels[r.provider] ?? r.provider) : "",
      r.statusLabel,
      r.invoiceStatus ? invoiceStatusLabels[r.invoiceStatus] : "",
    ]),
  ];
  return `\ufeff${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}`;
}
