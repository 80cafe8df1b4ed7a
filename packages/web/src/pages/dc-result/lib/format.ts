/** Answering time as people read it: 45秒, 3分05秒, 1小时02分. */
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

/** A 0–100 share with one decimal, as the server sends it. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "-";
  return `${Number(value.toFixed(1))}%`;
}

/** Means and medians: at most two decimals, no trailing zeros. */
export function formatNumber(value: number | null | undefined, unit = ""): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "-";
  return `${Number(value.toFixed(2))}${unit}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
