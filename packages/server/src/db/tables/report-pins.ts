import type { Generated } from "kysely";

/** A 交叉分析 or 统计分析 result pinned to the 分析报告 (issue #35), computed when pinned. */
export interface ReportPinsTable {
  id: Generated<number>;
  questionnaireId: number;
  /** "cross" or "analysis". */
  kind: string;
  title: string;
  /** The 筛选 it was computed under, in words. */
  scope: string;
  /** The result as the API answered it (CrossAnalysisResult or AnalysisResult), JSON. */
  result: string;
  createdAt: string;
}
