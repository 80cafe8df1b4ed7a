import type { ExportFilter, ReportSection } from "./exports.ts";
import type { QuestionStatistics } from "./results.ts";
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
    };
