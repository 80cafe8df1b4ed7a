/** 数据报告 shared by link (issue #35): at most one per questionnaire. */
export interface ReportSharesTable {
  questionnaireId: number;
  /** The link's secret part: /report/{token}. Unique. */
  token: string;
  /** 1 while the link is switched on. */
  enabled: number;
  /** Empty for none (shown to the creator, as the answering page's 访问密码 is). */
  password: string;
  /** The ExportFilter (sections and 筛选) the shared report shows, as JSON. */
  filter: string;
  updatedAt: string;
}
