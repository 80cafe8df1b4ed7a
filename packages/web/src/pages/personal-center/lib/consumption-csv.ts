import { type ConsumptionView, fenToYuan, invoiceStatusLabels, payProviderLabels } from "@wjgj/core";

/** A signed amount as 元, with "+" for money that came to the account. */
export function signedYuan(fen: number): string {
  return fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen);
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
      signedYuan(r.amountFen),
      r.orderNo ? `\t${r.orderNo}` : "",
      r.provider ? (payProviderLabels[r.provider] ?? r.provider) : "",
      r.statusLabel,
      r.invoiceStatus ? invoiceStatusLabels[r.invoiceStatus] : "",
    ]),
  ];
  return `\ufeff${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}`;
}
