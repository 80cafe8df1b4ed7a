import type { AnalysisResult } from "./analysis.ts";
import type { ExportFilter, ReportSection } from "./exports.ts";
import type { CrossAnalysisResult, QuestionStatistics } from "./results.ts";
import type { WordFrequency } from "./text-analysis.ts";

/** 数据概况 of a report: the filtered valid responses, their time span and sources. */
export interface ReportOverview {
  responses: number;
  invalid: number;
  first: string;
  last: string;
  averageSeconds: number | null;
  sources: { name: string; count: number; percentage: number }[];
}

export interface ReportQuestion {
  stats: QuestionStatistics;
  /** The most frequent words of an open question (the cloud and its table); null for other questions. */
  words: WordFrequency[] | null;
}

/**
 * 数据报告 shared by link (issue #35): the 分析报告's content on the web. A questionnaire has at most one link;
 * switching it off makes the address answer 404 until it is switched on again (the same address), and 重新生成链接
 * retires the old address for good.
 */
export interface ReportShare {
  enabled: boolean;
  /** The link's secret part (/report/{token}); null before the first time it is switched on. */
  token: string | null;
  /** Empty for none; the creator sees it to pass it on, as with the answering page's 访问密码. */
  password: string;
  /** The sections and the 筛选 the report shows (those saved with the link). */
  filter: ExportFilter;
  updatedAt: string | null;
}

/** statistics/saveReportShare — POST { id, enabled, password?, filter?, renew? } */
export interface SaveReportShareInput {
  id: number;
  enabled: boolean;
  /** Absent keeps the password; "" removes it. 4–20 characters. */
  password?: string | undefined;
  filter?: ExportFilter | undefined;
  /** A new token: the old link stops working. */
  renew?: boolean | undefined;
}

export const REPORT_SHARE_PASSWORD = { min: 4, max: 20 } as const;

/** report/getSharedReport — POST { token, password? }: the report, or a request for its password. */
export type SharedReportResult =
  | { locked: true }
  | {
      locked: false;
      title: string;
      scope: string;
      generatedAt: string;
      sections: ReportSection[];
      overview: ReportOverview;
      questions: ReportQuestion[];
      pinned: ReportPinned[];
    };

/**
 * A result pinned to the report (固定到报告) from 交叉分析 or 统计分析: computed by the server when pinned, under the
 * 筛选 of that moment, and printed as it was then (the report says when).
 */
export type ReportPinResult =
  | { kind: "cross"; result: CrossAnalysisResult }
  | { kind: "analysis"; result: AnalysisResult };

/** statistics/getReportPins — GET { id }: the pinned results, oldest first (without their figures). */
export interface ReportPinItem {
  id: number;
  kind: ReportPinResult["kind"];
  title: string;
  /** The 筛选 it was computed under, in words (全部有效答卷 without one). */
  scope: string;
  pinnedAt: string;
}

/** A pinned result as a report prints it: its title, when, and its tables. */
export interface ReportPinned {
  title: string;
  scope: string;
  pinnedAt: string;
  /** 分析结论 of a 统计分析 (what the page writes above its tables); none for a 交叉分析. */
  reading: string[];
  tables: ReportPinTable[];
}

/** A table of a pinned result: a caption, a header row, body rows of text and footnotes. */
export interface ReportPinTable {
  title: string;
  header: string[];
  rows: string[][];
  notes: string[];
}

export const REPORT_PINS_MAX = 20;
