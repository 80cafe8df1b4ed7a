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

export interface LimitRow {
  key: string;
  label: string;
  value: string;
  /** False when the level lacks the feature (a boolean limit set to false). */
  included: boolean;
}

const LIMIT_LABELS: readonly { key: string; label: string; unit: string }[] = [
  { key: "questionnaires", label: "问卷数量", unit: "份" },
  { key: "responsesPerQuestionnaire", label: "每份问卷答卷数", unit: "份" },
  { key: "uploadSpaceMb", label: "文件存储空间", unit: "MB" },
  { key: "exportAttachments", label: "附件打包导出", unit: "" },
  { key: "removeBrand", label: "去除答题页品牌标识", unit: "" },
  { key: "customRedirect", label: "提交后自定义跳转", unit: "" },
  { key: "teamMembers", label: "团队成员", unit: "人" },
  { key: "crossAnalysis", label: "交叉分析", unit: "" },
];

function limitValue(value: unknown, unit: string): string | null {
  if (typeof value === "boolean") return value ? "支持" : "不支持";
  if (typeof value === "number" && Number.isFinite(value)) {
    if (value < 0) return "不限";
    return `${value.toLocaleString("zh-CN")}${unit}`;
  }
  return null;
}

/** The known limits of a level in a fixed order; unknown keys or values of the wrong type are left out. */
export function describeLimits(limits: Record<string, unknown>): LimitRow[] {
  const rows: LimitRow[] = [];
  for (const { key, label, unit } of LIMIT_LABELS) {
    const value = limitValue(limits[key], unit);
    if (value !== null) rows.push({ key, label, value, included: limits[key] !== false });
  }
  return rows;
}
