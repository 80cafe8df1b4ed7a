/**
 * Exports of results as background jobs (module `export`): the creator asks for a file, the server
 * builds it off the request while the page polls the list for progress, then the file is downloaded
 * until it expires. Shared by the server's presenter and the browser's export tab.
 *
 * Calls (every one only for the questionnaire's owner: another user 403, anonymous 303):
 * - POST `export/createExport` {@link CreateExportInput} → {@link ExportJob} (status "queued")
 * - GET  `export/getExportList` {@link ExportListInput} → {@link ExportList}, newest first; poll it
 *   every {@link exportPollMs} ms while any job is queued or running
 * - GET  `export/downloadExport` {@link ExportJobInput} → the file itself (not the JSON envelope) while
 *   the job is done and not expired; otherwise the usual envelope with code 404 and a Chinese `msg`.
 *   The `token` travels as a header like every call, so the page fetches it and saves the blob.
 * - POST `export/deleteExport` {@link ExportJobInput} → null; removes the job and its file
 */
import type { Condition } from "../survey/definition/condition.ts";
import type { CodeFilter } from "./results.ts";
import type { ReviewState } from "./reviews.ts";

export const exportKinds = ["xlsx", "csv", "zip", "sav", "r", "stata", "docx", "pdf"] as const;
export type ExportKind = (typeof exportKinds)[number];

export const exportKindNames: Record<ExportKind, string> = {
  xlsx: "Excel 答卷数据（.xlsx）",
  csv: "CSV 答卷数据（.csv）",
  zip: "上传文件与签名（.zip）",
  sav: "SPSS 数据（.sav）",
  r: "R 数据（.csv + .R）",
  stata: "Stata 数据（.csv + .do）",
  docx: "Word 分析报告（.docx）",
  pdf: "PDF 分析报告（.pdf）",
};

/** 分析报告 (docx, pdf): the parts a creator may choose, kept in the job's filter as `sections`. */
export const reportSections = ["overview", "questions", "words", "pinned"] as const;
export type ReportSection = (typeof reportSections)[number];
export const reportSectionNames: Record<ReportSection, string> = {
  overview: "数据概况（答卷数、收集时间、来源）",
  questions: "分题统计（表格、图表和解读）",
  words: "开放题词云与高频词",
  pinned: "固定到报告的交叉分析与统计分析",
};

export const exportStatuses = ["queued", "running", "done", "failed", "expired"] as const;
export type ExportStatus = (typeof exportStatuses)[number];

export const exportStatusNames: Record<ExportStatus, string> = {
  queued: "排队中",
  running: "导出中",
  done: "已完成",
  failed: "导出失败",
  expired: "已过期",
};

/** Response sources as the submit call records them, with the names the 来源 column shows. */
export const responseSourceNames: Record<string, string> = {
  link: "链接",
  qrcode: "二维码",
  wechat: "微信",
  embed: "网页嵌入",
  sms: "短信",
  mutual: "互填",
  sample: "样本服务",
  other: "其他",
};

/** Finished files are kept this long, then pruned (the job stays listed as 已过期). */
export const exportRetentionDays = 7;
/** How often the export tab refreshes the list while a job is queued or running. */
export const exportPollMs = 1500;

/**
 * Which responses go into the file. The server applies `includeInvalid`, the date range and the sources;
 * any further keys (answer conditions from the 筛选 panel) are stored with the job as sent and shown
 * back, so the list can say which filter a file was made with.
 */
export interface ExportFilter {
  /** Also export responses marked invalid (无效答卷); deleted ones never are. Default false. */
  includeInvalid?: boolean;
  /** First and last day of submission, "YYYY-MM-DD" in China time, both inclusive. */
  startDate?: string;
  endDate?: string;
  /** Keys of {@link responseSourceNames}; all sources when absent or empty. */
  sources?: string[];
  /** The 筛选 panel's answer condition, as statistics take it (`ResultsFilter.condition`). */
  condition?: Condition;
  /** The 筛选 panel's 编码 (`ResultsFilter.codes`). */
  codes?: CodeFilter;
  /** 审核状态 (issue #41): only responses in this review state. */
  review?: ReviewState;
  /**
   * SPSS, R and Stata files: add each response's weight from 统计分析's saved 加权 as a variable `weight` (the
   * .sav declares it its weight variable, so SPSS and PSPP weigh by it at once). Refused without a saved weighting.
   */
  weighted?: boolean;
  /**
   * Personal information (姓名, 手机, 证件号, 邮箱, 签名 …) and IP addresses in full instead of masked
   * (138****5678, 10.9.*.*): only for those who may 查看完整信息 (owner and 管理员), and logged in 动态.
   */
  fullPersonal?: boolean;
  /** 分析报告: the parts to include (all when absent or empty). */
  sections?: ReportSection[];
  [key: string]: unknown;
}

export interface CreateExportInput {
  questionnaireId: number;
  kind: ExportKind;
  /** An object, or the same as JSON text (form posts). */
  filter?: ExportFilter | string;
}

export interface ExportListInput {
  questionnaireId: number;
}

/** A job is addressed together with its questionnaire: a job id of another questionnaire is 404. */
export interface ExportJobInput {
  questionnaireId: number;
  id: number;
}

export interface ExportJob {
  id: number;
  questionnaireId: number;
  kind: ExportKind;
  kindName: string;
  status: ExportStatus;
  statusName: string;
  /** 0–100. */
  progress: number;
  /** Responses written so far (the total once done). */
  rows: number;
  /** The name the download is saved under, e.g. `客户满意度调查_答卷数据.xlsx`. */
  fileName: string;
  /** Bytes; 0 until done. */
  fileSize: number;
  /** Why the job failed, in Chinese; "" otherwise. */
  error: string;
  filter: ExportFilter | null;
  /** China time "YYYY-MM-DD HH:mm:ss"; "" when not yet. */
  createdAt: string;
  finishedAt: string;
  /** When the file is pruned; "" until done. */
  expiresAt: string;
  /** GET this path (with the token header) while status is "done"; "" otherwise. */
  downloadPath: string;
}

export interface ExportList {
  list: ExportJob[];
}

/** The words written into exported files (column headers, values, names), in one place like messages. */
export const exportFileTexts = {
  sheetName: "答卷数据",
  seq: "序号",
  responseId: "答卷编号",
  submittedAt: "提交时间",
  duration: "所用时间",
  source: "来源",
  ip: "IP",
  status: "答卷状态",
  valid: "有效",
  invalid: "无效",
  score: "总分",
  /** 考生名单 (issue #40): the candidate who sat the attempt the response came from. */
  candidateName: "考生姓名",
  candidateNumber: "准考证号",
  /** 记录微信昵称头像 (issue #39): the respondent's WeChat nickname and avatar address. */
  wechatNickname: "微信昵称",
  wechatAvatar: "微信头像",
  /** 审核 (issue #41): the response's review state and the reviewer's reason (spreadsheets of such questionnaires). */
  reviewState: "审核状态",
  reviewReason: "审核意见",
  /** A calculated value without a name, numbered: 计算值1. */
  computed: "计算值",
  /** The raking weight of 统计分析's 加权, in SPSS, R and Stata files asked for with it. */
  weight: "加权权重",
  seconds: "秒",
  rankPosition: (n: number) => `第${n}位`,
  blank: (n: number) => `填空${n}`,
  /** A 其他 option with the respondent's text, as 问卷星 writes it. */
  other: (label: string, text: string) => `${label}〖${text}〗`,
  /** A question the response's logic hid or jumped over, as 问卷星 marks it; a question left empty stays blank. */
  skipped: "（跳过）",
  /** 随机组卷: a bank question drawn into some candidates' papers, numbered in bank order after the fixed ones. */
  drawn: (n: number) => `随机题${n}`,
  drawnScore: "得分",
  drawnKey: "正确答案",
  /** The column beside a 文件上传 or 电子签名 answer: a signed, expiring link per file, one a line. */
  fileLinks: "下载链接",
  responsesFile: "_答卷数据",
  uploadsFile: "_上传文件",
  signatureFile: "签名.png",
  /** SPSS (.sav): a sub-item's variable label, and the user-missing codes' labels. */
  spssItem: (title: string, item: string) => `${title}: ${item}`,
  spssNotShown: "未显示",
  spssNotAnswered: "未作答",
  spssChosen: "选中",
  spssNotChosen: "未选中",
  /** 编码: a code variable's label (question, code) and its values. */
  codeLabel: (title: string, code: string) => `${title}（编码）: ${code}`,
  codeYes: "属于",
  codeNo: "不属于",
  spssFile: "_SPSS数据",
  /** R and Stata: a zip of data.csv (the SPSS variables) and a script that reads it with labels. */
  rFile: "_R数据",
  stataFile: "_Stata数据",
  reportFile: "_分析报告",
  untitled: "问卷",
  unnamedFile: "文件",
} as const;
