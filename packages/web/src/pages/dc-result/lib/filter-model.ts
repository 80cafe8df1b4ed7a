import {
  type Condition,
  codeFilterMatchNames,
  type ExportFilter,
  filterNarrows,
  type ResultsFilter,
  responseSourceNames,
  reviewStateNames,
} from "@wjgj/core";

export const emptyFilter: ResultsFilter = {};

export const isFilterActive = filterNarrows;

/** Leaves (single conditions) of a condition tree. */
export function countLeaves(condition: Condition | undefined): number {
  if (!condition) return 0;
  if (condition.kind === "all" || condition.kind === "any")
    return condition.conditions.reduce((sum, child) => sum + countLeaves(child), 0);
  if (condition.kind === "not") return countLeaves(condition.condition);
  return 1;
}

/**
 * Statistics filter on stored answers only: an expression or a calculated value is evaluated while
 * answering and is not kept, so the server refuses them. Said here before anything is sent.
 */
export function unsupportedFilterReason(condition: Condition | undefined): string | null {
  if (!condition) return null;
  switch (condition.kind) {
    case "all":
    case "any":
      for (const child of condition.conditions) {
        const reason = unsupportedFilterReason(child);
        if (reason) return reason;
      }
      return null;
    case "not":
      return unsupportedFilterReason(condition.condition);
    case "expression":
      return "筛选条件不支持自定义表达式，请改用题目条件";
    case "computed":
      return "筛选条件不支持计算值，请改用题目条件";
    default:
      return null;
  }
}

/** The parts the 已筛选 chip names. */
export function filterParts(filter: ResultsFilter): string[] {
  const parts: string[] = [];
  const leaves = countLeaves(filter.condition);
  if (leaves > 0) parts.push(`答题条件 ${leaves} 项`);
  if (filter.codes)
    parts.push(`编码：${codeFilterMatchNames[filter.codes.match]} ${filter.codes.codeIds.length} 项`);
  if (filter.dateFrom && filter.dateTo) parts.push(`${filter.dateFrom} 至 ${filter.dateTo}`);
  else if (filter.dateFrom) parts.push(`${filter.dateFrom} 起`);
  else if (filter.dateTo) parts.push(`截至 ${filter.dateTo}`);
  if (filter.source) parts.push(`来源：${responseSourceNames[filter.source] ?? filter.source}`);
  if (filter.review) parts.push(`审核状态：${reviewStateNames[filter.review]}`);
  return parts;
}

/** The current filter as an export takes it: the answer condition, the 编码, the dates and the source. */
export function exportFilterOf(filter: ResultsFilter): ExportFilter {
  const result: ExportFilter = {};
  if (filter.condition) result.condition = filter.condition;
  if (filter.codes) result.codes = filter.codes;
  if (filter.dateFrom) result.startDate = filter.dateFrom;
  if (filter.dateTo) result.endDate = filter.dateTo;
  if (filter.source) result.sources = [filter.source];
  if (filter.review) result.review = filter.review;
  return result;
}
