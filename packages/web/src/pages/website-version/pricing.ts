/** Pure helpers of the pricing page: money stays in fen until it is shown (conventions: never floats). */

/** `9900` → `99`, `9950` → `99.50`, `5` → `0.05`. */
export function formatYuan(priceFen: number): string {
  const fen = Math.max(0, Math.round(priceFen));
  const yuan = Math.floor(fen / 100);
  const rest = fen % 100;
  return rest === 0 ? String(yuan) : `${yuan}.${String(rest).padStart(2, "0")}`;
}

/** The price of one period, or null when the level is not sold by it. */
export function periodPrice(
  set: { priceMonthFen: number; priceYearFen: number },
  period: "month" | "year",
): number | null {
  const fen = period === "month" ? set.priceMonthFen : set.priceYearFen;
  return fen > 0 ? fen : null;
}

/** How long one purchase lasts: 年 / 半年 / 季 / 月, else a number of days. */
export function durationText(days: number): string {
  if (days === 365 || days === 366) return "年";
  if (days === 180 || days === 182 || days === 183) return "半年";
  if (days === 90 || days === 91 || days === 92) return "季";
  if (days === 30 || days === 31) return "月";
  return `${days}天`;
}
