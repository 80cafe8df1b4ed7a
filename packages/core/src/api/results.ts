import type { Condition } from "../survey/definition/condition.ts";
import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { ResponseCandidate } from "./exam-guard.ts";
import type { ResponseReview, ReviewState } from "./reviews.ts";

/**
 * The results contract (modules `statistics` and `answer`): overview, per-question statistics, text answers,
 * cross-analysis, exam and vote reports, and the response viewer. Shared by the server's presenters and the
 * browser's API client. Times are China time "YYYY-MM-DD HH:mm:ss"; dates "YYYY-MM-DD" (China).
 */

// ---------------------------------------------------------------------------------------------------------
// Shared vocabulary

/** A response's status: only valid ones count in statistics; deleted ones sit in the response recycle bin. */
export const responseStatuses = ["valid", "invalid", "deleted"] as const;
export type ResponseStatus = (typeof responseStatuses)[number];
export const responseStatusNames: Record<ResponseStatus, string> = {
  valid: "有效",
  invalid: "无效",
  deleted: "已删除",
};

/** Where a response came from (the answer page's `source`); names in `responseSourceNames` (exports.ts). */
export const responseSources = [
  "link",
  "qrcode",
  "wechat",
  "embed",
  "sms",
  "mutual",
  "sample",
  "other",
] as const;
export type ResponseSource = (typeof responseSources)[number];

/**
 * 筛选: which valid responses a statistic covers. Every part is optional; all given parts must hold.
 * `condition` is the logic editor's condition tree; `expression` and `computed` leaves cannot be used here
 * (the server answers 400 with a Chinese message).
 */
export interface ResultsFilter {
  condition?: Condition | undefined;
  /** 编码 of open answers the responses have (or have not). */
  codes?: CodeFilter | undefined;
  /** Inclusive China dates of submission. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  source?: ResponseSource | undefined;
  /** 审核状态 (issue #41): only responses in this review state. */
  review?: ReviewState | undefined;
}

/** Whether a filter narrows anything (otherwise statistics come from counters, and requests leave it out). */
export function filterNarrows(filter: ResultsFilter): boolean {
  return Boolean(
    filter.condition || filter.codes || filter.dateFrom || filter.dateTo || filter.source || filter.review,
  );
}

/** How a filter's codes combine: the response has any of them, all of them, or none of them. */
export const codeFilterMatches = ["any", "all", "none"] as const;
export type CodeFilterMatch = (typeof codeFilterMatches)[number];
export const codeFilterMatchNames: Record<CodeFilterMatch, string> = {
  any: "含任一类别",
  all: "含全部类别",
  none: "不含这些类别",
};
/** Codes one filter may name. */
export const CODE_FILTER_MAX = 20;

/**
 * 筛选 by 编码: responses whose open answers have the codes (by keyword or by hand, as 文本分析 counts them). A
 * code deleted since is had by no response.
 */
export interface CodeFilter {
  codeIds: number[];
  match: CodeFilterMatch;
}

/** Every paged answer has this shape (as the creator lists). */
export interface ResultsPage<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getOverview — GET { id, days? (1–366, default 30) }

export interface OverviewTrendPoint {
  date: string;
  count: number;
}

export interface OverviewSource {
  source: string;
  name: string;
  count: number;
  /** 0–100, one decimal. */
  percentage: number;
}

export interface ResultsOverview {
  questionnaireId: number;
  title: string;
  kind: string;
  /** Valid responses. */
  total: number;
  /** Valid responses submitted today (China day). */
  today: number;
  invalidCount: number;
  /** Responses in the response recycle bin. */
  deletedCount: number;
  /** The last `days` China days up to today, oldest first, zero-filled. */
  trend: OverviewTrendPoint[];
  /** Mean answering time of valid responses; null without responses. */
  averageDurationSeconds: number | null;
  sources: OverviewSource[];
  /** Time of the newest valid response; "" when none. */
  lastSubmittedAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getQuestionStatistics — POST { id, filter? }

/** Count with its share of the question's respondents (0–100, one decimal). */
export interface CountShare {
  count: number;
  percentage: number;
}

export interface OptionCount extends CountShare {
  optionId: string;
  label: string;
  /** A 其他 option: its typed texts are listed by statistics/getTextAnswers. */
  isOther: boolean;
}

export interface DistributionPoint extends CountShare {
  /** The point / value. */
  value: number;
  /** Caption shown for it (e.g. "5星", "5（非常同意）", "9"): a scale point with its designer's caption. */
  label: string;
}

interface StatisticsBase {
  questionId: string;
  type: string;
  /** Plain-text title (rich text and piping stripped). */
  title: string;
  /** Position among answerable questions, 1-based (题号). */
  number: number;
  /** Responses that answered it. */
  answered: number;
  /** Responses whose logic hid or jumped over it (跳过): neither answered nor left empty. */
  skipped: number;
}

/** 单选, 多选, 下拉, 图片单/多选, 判断, 投票, 预约时段; 多级联动 lists every node on a path with its `level`. */
export interface ChoiceStatistics extends StatisticsBase {
  family: "choice";
  multiple: boolean;
  options: (OptionCount & { level?: number })[];
  /** How many 其他 texts were typed (all 其他 options together). */
  otherTextCount: number;
}

/** 星级, 量表: histogram over the scale with the mean. */
export interface RatingStatistics extends StatisticsBase {
  family: "rating";
  average: number | null;
  distribution: DistributionPoint[];
}

export interface NpsStatistics extends StatisticsBase {
  family: "nps";
  /** % 推荐者 − % 贬损者, rounded, −100…100; null without answers. */
  score: number | null;
  promoters: CountShare;
  passives: CountShare;
  detractors: CountShare;
  distribution: DistributionPoint[];
}

/** 数字, 滑块, 日期范围 (days); exact from the value histogram. */
export interface NumericStatistics extends StatisticsBase {
  family: "numeric";
  unit: string;
  mean: number | null;
  min: number | null;
  max: number | null;
  median: number | null;
  sum: number;
  /** Distinct values with counts, ascending: the lowest 200 values when there are more. */
  distribution: DistributionPoint[];
}

/** 日期: earliest, latest and median date. */
export interface DateStatistics extends StatisticsBase {
  family: "date";
  earliest: string | null;
  latest: string | null;
  median: string | null;
}

export interface MatrixCell extends CountShare {
  columnId: string;
}

export interface MatrixRowStatistics {
  rowId: string;
  label: string;
  answered: number;
  /** Percentages relative to the row's `answered`. */
  cells: MatrixCell[];
  /** 矩阵量表 only: mean point of the row. */
  average?: number | null | undefined;
}

/** 矩阵单选/多选/量表/填空 (cells filled), 矩阵下拉 (rows are "row · column", columns the choices). */
export interface MatrixStatistics extends StatisticsBase {
  family: "matrix";
  columns: { columnId: string; label: string }[];
  rows: MatrixRowStatistics[];
}

export interface RankingOptionStatistics {
  optionId: string;
  label: string;
  /** Responses that ranked it. */
  count: number;
  /** Mean position (1 = first); null when never ranked. Lower is better. */
  averageRank: number | null;
  /** positions[i] = how often it was ranked at position i + 1. */
  positions: number[];
}

export interface RankingStatistics extends StatisticsBase {
  family: "ranking";
  /** Sorted by average rank, best first. */
  options: RankingOptionStatistics[];
}

export interface AllocationStatistics extends StatisticsBase {
  family: "allocation";
  options: { optionId: string; label: string; sum: number; average: number | null }[];
}

export interface RegionStatistics extends StatisticsBase {
  family: "region";
  /** Provinces by count, descending; `name` from the area list. */
  provinces: { code: string; name: string; count: number; percentage: number }[];
}

/** 多项填空 / 横向填空: how often each blank was filled; the texts are paged by getTextAnswers. */
export interface BlanksStatistics extends StatisticsBase {
  family: "blanks";
  blanks: { blankId: string; label: string; count: number; percentage: number }[];
}

/**
 * Answers listed rather than counted: 单行/多行文本, 时间, 个人信息 (性别 and 民族 also counted in `values`),
 * 表格自增, 文件上传, 电子签名. Items come from statistics/getTextAnswers.
 */
export interface TextStatistics extends StatisticsBase {
  family: "text" | "file" | "signature" | "table";
  /** Closed vocabularies (个人信息 性别/民族, 时间 by hour "08"): value → count. */
  values: { value: string; count: number; percentage: number }[];
}

export type QuestionStatistics =
  | ChoiceStatistics
  | RatingStatistics
  | NpsStatistics
  | NumericStatistics
  | DateStatistics
  | MatrixStatistics
  | RankingStatistics
  | AllocationStatistics
  | RegionStatistics
  | BlanksStatistics
  | TextStatistics;

export type StatisticsFamily = QuestionStatistics["family"];

export interface QuestionStatisticsResult {
  /** Valid responses covered (after the filter). */
  total: number;
  filtered: boolean;
  /** Answerable questions of the published revision, in order. */
  questions: QuestionStatistics[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getTextAnswers — GET/POST { id, questionId, keyword?, pageNum, pageSize, filter? }

export interface TextAnswerFile {
  fileId: string;
  name: string;
  size: number;
  /** Download address (owner-only). */
  url: string;
}

export interface TextAnswerItem {
  responseId: number;
  submittedAt: string;
  /** One line per part: the answer itself (label ""), a blank, a matrix cell, a 其他 option … */
  parts: { key: string; label: string; text: string }[];
  files: TextAnswerFile[];
  /** 电子签名: the image address; "" otherwise. */
  signatureUrl: string;
  /** 编码: the ids of the question's codes the answer has (keywords and hand tags); [] without codes. */
  codes: number[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getCrossAnalysis — POST { id, rowQuestionIds: string[] (1–5), columnQuestionId, filter? }

export interface CrossCell {
  count: number;
  /** Share of the row total, 0–100 one decimal. */
  rowPercent: number;
  /** Share of the column total. */
  columnPercent: number;
}

export interface CrossRow {
  optionId: string;
  label: string;
  cells: CrossCell[];
  /** Responses choosing this row option and answering the column question. */
  total: number;
}

export interface CrossTable {
  questionId: string;
  title: string;
  rows: CrossRow[];
  /** Per column option: responses answering the row question that chose it. */
  columnTotals: number[];
  /** Responses answering both questions. */
  total: number;
}

export interface CrossAnalysisResult {
  column: { questionId: string; title: string; options: { optionId: string; label: string }[] };
  tables: CrossTable[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getExamReport — POST { id, pageNum, pageSize, filter? }

export interface ExamRankingItem {
  rank: number;
  responseId: number;
  score: number;
  maxScore: number;
  passed: boolean | null;
  /** Questions still waiting for manual grading. */
  pendingManual: number;
  submittedAt: string;
  durationSeconds: number;
  /** From a 个人信息 姓名 question when there is one; "" otherwise. */
  name: string;
}

export interface ExamWrongOption {
  optionId: string;
  label: string;
  count: number;
  /** count / scored × 100, one decimal. */
  rate: number;
}

export interface ExamQuestionReport {
  questionId: string;
  title: string;
  number: number;
  maxScore: number;
  /** Responses that were scored on it (it was shown). */
  scored: number;
  correct: number;
  /** correct / scored × 100, one decimal; null when none scored. */
  correctRate: number | null;
  averageScore: number | null;
  manual: boolean;
  /**
   * 最多错选: the wrong option chosen most often (choice questions scored by correct options), with how many
   * of the scored responses chose it; null when no wrong option was chosen or the question has none.
   */
  topWrong: ExamWrongOption | null;
  /**
   * A bank question drawn into random papers (随机组卷): listed after the exam's own questions, numbered on
   * from them, though each candidate met it at a place of their own paper.
   */
  drawn?: boolean;
}

export interface ScoreBand {
  /** e.g. "0-59", "60-69", "90-100". */
  label: string;
  from: number;
  to: number;
  count: number;
  percentage: number;
}

/** `statistics/getRescoreProgress` (and `statistics/startRescore`): 重新评分 after a published edit. */
export interface RescoreProgress {
  /** Earlier responses answered an older revision and no run has covered the current one. */
  offered: boolean;
  run: {
    id: number;
    status: "queued" | "running" | "done" | "failed";
    total: number;
    done: number;
    changed: number;
    percent: number;
  } | null;
}

export interface ExamReport {
  count: number;
  maxScore: number;
  average: number | null;
  highest: number | null;
  lowest: number | null;
  median: number | null;
  passMark: number | null;
  passCount: number;
  /** 0–100 one decimal; null without a pass mark or responses. */
  passRate: number | null;
  pendingManualCount: number;
  bands: ScoreBand[];
  questions: ExamQuestionReport[];
  ranking: ResultsPage<ExamRankingItem>;
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getExamItemAnalysis — POST { id, filter? }: 试题分析 (difficulty, discrimination, reliability)

/** One scored question over the valid (filtered) responses scored on it (core's stats/item-analysis.ts). */
export interface ExamItemReport {
  questionId: string;
  /** Numbered as in 各题正确率 (drawn bank questions after the exam's own). */
  number: number;
  title: string;
  maxScore: number;
  /** Responses scored on it (a question still waiting for its grade is left out). */
  scored: number;
  /** 难度 P: mean score / full marks, 0–1 (higher is easier), three decimals; null without scores. */
  difficulty: number | null;
  /** 区分度 D: (upper 27 % mean − lower 27 % mean) / full marks, three decimals; null under 10 responses. */
  discrimination: number | null;
  /** Corrected item-total correlation r, three decimals; null when it cannot be computed. */
  itemTotal: number | null;
  drawn?: boolean;
}

export interface ExamItemAnalysisResult {
  /** Valid (filtered) responses scored on at least one question. */
  respondents: number;
  /** Responses in each of the upper and lower groups (0 under 10 responses). */
  groupSize: number;
  /** Cronbach's α (KR-20 for right/wrong questions), three decimals, over the responses scored on every question. */
  alpha: number | null;
  alphaN: number;
  /** 随机组卷: candidates answered papers of their own (α then rarely has responses to go on). */
  drawnPapers: boolean;
  items: ExamItemReport[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getExamTagMastery — POST { id, filter? }: 知识点掌握 for 随机组卷 exams drawn from tagged banks

/** One tag over the valid (filtered) responses whose papers had questions with that tag. */
export interface ExamTagMastery {
  tag: string;
  /** Responses with at least one graded question of the tag. */
  candidates: number;
  /** Graded questions of the tag, summed over those responses (a question left blank counts, scoring 0). */
  questions: number;
  /** Points scored on them (two decimals) … */
  score: number;
  /** … out of their full marks. */
  maxScore: number;
  /** score / maxScore × 100, one decimal. */
  masteryRate: number;
}

export interface ExamTagMasteryResult {
  /** Whether any candidate's paper had tagged bank questions (false: the exam's questions carry no tags). */
  tagged: boolean;
  /** Weakest first (lowest mastery rate, then tag); empty without tagged papers or responses to count. */
  tags: ExamTagMastery[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getVoteResults — GET { id } (polled every ≤ 3 s; read from counters only)

export interface VoteQuestionResult {
  questionId: string;
  title: string;
  answered: number;
  options: { optionId: string; label: string; count: number; percentage: number }[];
}

export interface VoteResults {
  total: number;
  questions: VoteQuestionResult[];
  /** Server time of the reading. */
  readAt: string;
}

// ---------------------------------------------------------------------------------------------------------
// answer/* — the response viewer

export const answerSorts = [
  "timeDesc",
  "timeAsc",
  "durationDesc",
  "durationAsc",
  "scoreDesc",
  "scoreAsc",
] as const;
export type AnswerSort = (typeof answerSorts)[number];

/**
 * answer/getAnswerList — POST { id, pageNum, pageSize, sort? (timeDesc), status? (valid), filter? }.
 * The filter's date range and source apply to every status; conditions too.
 */
export interface AnswerSummary {
  id: number;
  /**
   * 序号: the response's place among every response the questionnaire has received, in the order they were
   * stored (invalid and deleted ones included), so it never changes when others are marked, deleted, restored,
   * filtered or sorted; the first response is 1.
   */
  seq: number;
  status: ResponseStatus;
  statusName: string;
  submittedAt: string;
  durationSeconds: number;
  source: string;
  sourceName: string;
  ip: string;
  /** "submitted" or "screenedOut" (甄别). */
  endState: string;
  score: number | null;
  maxScore: number | null;
  passed: boolean | null;
  /** Text of each answered question (toText), cut to 100 characters, by question id. */
  texts: Record<string, string>;
  /** 审核 (issue #41): null when the questionnaire had no review when it was submitted. */
  review?: ResponseReview | null;
}

export interface AnswerExamQuestion {
  questionId: string;
  score: number;
  max: number;
  /** Needs manual grading (essay, upload). */
  manual: boolean;
  /** A manual question that has been graded. */
  graded: boolean;
  correct: boolean;
}

export interface AnswerExam {
  total: number;
  max: number;
  passMark: number | null;
  passed: boolean | null;
  pendingManual: number;
  questions: AnswerExamQuestion[];
}

/**
 * answer/getAnswerDetail — GET/POST { id, responseId, sort?, status?, filter? }: one response as the
 * respondent saw it, with previous/next ids in the same list order (for ↑/↓).
 */
/** answer/revealPersonal — POST { id, responseId }: the masked answers of one response in full. */
export interface RevealedPersonal {
  answers: Record<string, unknown>;
  signatures: Record<string, string>;
  /** The IP address in full (lists and the viewer show 10.9.*.*). */
  ip: string;
}

export interface AnswerConsent {
  version: number;
  text: string;
  /** The policy linked; "" for the platform's. */
  policyUrl: string;
}

export interface AnswerDetail {
  answer: AnswerSummary;
  /** The revision it answered. */
  revisionId: number;
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
  /** Option labels as the respondent saw them: questionId → optionId → label. */
  labels: Record<string, Record<string, string>>;
  /** Uploaded files per question, with owner download addresses. */
  files: Record<string, TextAnswerFile[]>;
  /** 电子签名 images per question. */
  signatures: Record<string, string>;
  /** Questions the logic hid or jumped over for this response (跳过), distinct from ones left empty. */
  skipped: string[];
  exam: AnswerExam | null;
  /** 同意隐私政策: the version the respondent agreed to before answering, as they read it; null when not asked. */
  consent: AnswerConsent | null;
  /**
   * 记录微信昵称头像 (issue #39): the respondent's WeChat nickname and avatar, as WeChat shared them; null when
   * none was kept, or the viewer may not see personal data.
   */
  wechat: { nickname: string; avatarUrl: string } | null;
  /** 考生 (issue #40): the candidate and attempt of an exam run with attempts; null otherwise. */
  candidate: ResponseCandidate | null;
  /**
   * Personal-information questions shown masked (138****5678, 张*; a signature not at all): 查看完整信息
   * (`answer/revealPersonal`) gives them in full to those allowed, each time logged.
   */
  masked: string[];
  previousId: number | null;
  nextId: number | null;
  /** 1-based position in the list, and the list's size. */
  position: number;
  total: number;
}

/**
 * answer/deleteAnswer (to the response recycle bin), answer/restoreAnswer (back to valid),
 * answer/markInvalid, answer/markValid — POST { id, responseIds: number[] (1–500) }. Repeats are harmless.
 */
export interface AnswerStatusChange {
  /** How many responses actually changed status. */
  changed: number;
}

/** answer/gradeAnswer — POST { id, responseId, grades: { questionId, score }[] }: manual scores. */
export interface GradeAnswerInput {
  id: number;
  responseId: number;
  grades: { questionId: string; score: number }[];
}

// ---------------------------------------------------------------------------------------------------------
// Request shapes. `id` is the questionnaire id; `filter` may be an object or the same as JSON text.

export interface ResultsFilterInput {
  id: number;
  filter?: ResultsFilter | string | undefined;
}

export interface OverviewInput {
  id: number;
  days?: number | undefined;
}

export interface TextAnswersInput extends ResultsFilterInput {
  questionId: string;
  /** Matches any part of the text (其他 texts, blanks, cells, file names). */
  keyword?: string | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

/**
 * Row and column questions may be choice-like (单选, 多选, 下拉, 判断, 投票, 图片选择, 预约) or scales
 * (星级, 量表, NPS: each point is a row/column).
 */
export interface CrossAnalysisInput extends ResultsFilterInput {
  rowQuestionIds: string[];
  columnQuestionId: string;
}

export interface ExamReportInput extends ResultsFilterInput {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

export interface AnswerListInput extends ResultsFilterInput {
  pageNum?: number | undefined;
  pageSize?: number | undefined;
  sort?: AnswerSort | undefined;
  status?: ResponseStatus | undefined;
}

export interface AnswerDetailInput extends ResultsFilterInput {
  responseId: number;
  sort?: AnswerSort | undefined;
  status?: ResponseStatus | undefined;
}

export interface AnswerStatusInput {
  id: number;
  responseIds: number[];
}
