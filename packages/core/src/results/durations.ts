/**
 * Answering time as people read it: 45秒, 3分05秒, 1小时02分; "-" when unknown. One formatter for the results
 * page (答卷列表, 数据概况, 成绩) and the 分析报告, so the file says what the page says.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "-";
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total}秒`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}小时${String(minutes).padStart(2, "0")}分`;
  return `${minutes}分${String(rest).padStart(2, "0")}秒`;
}
