import {
  type AnswerDetail,
  type AnswerSummary,
  allowedActions,
  type ExamReport,
  type ExportJob,
  type QuestionaryDetail,
  type QuestionStatisticsResult,
  type ResultsOverview,
  type SurveyDefinition,
} from "@wjgj/core";

/** A small survey the result-page tests share: a single choice with 其他, a multiple choice, a text. */
export const definition = {
  schemaVersion: 1,
  kind: "survey",
  title: "课程满意度调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "您的性别",
          required: true,
          config: {
            options: [
              { id: "m", label: "男" },
              { id: "f", label: "女" },
              { id: "o", label: "其他", other: { textRequired: false } },
            ],
          },
        },
        {
          id: "q2",
          type: "multiple",
          title: "喜欢的课程",
          config: {
            options: [
              { id: "math", label: "数学" },
              { id: "art", label: "美术" },
            ],
          },
        },
        { id: "q3", type: "text", title: "您的建议", config: {} },
      ],
    },
  ],
} as unknown as SurveyDefinition;

export const questionary = {
  id: 7,
  publicId: "abc123",
  kind: "survey",
  kindName: "问卷调查",
  title: "课程满意度调查",
  status: "published",
  statusName: "已发布",
  hasUnpublishedChanges: false,
  responseCount: 3,
  questionCount: 3,
  version: 2,
  createdAt: "2025-01-01 10:00:00",
  updatedAt: "2025-01-01 10:00:00",
  publishedAt: "2025-01-01 10:00:00",
  deletedAt: "",
  definition,
  settings: {},
  publishedVersion: 2,
  issues: [],
  myRole: "owner",
  permissions: allowedActions("owner"),
} as unknown as QuestionaryDetail;

export function overview(total = 3): ResultsOverview {
  return {
    questionnaireId: 7,
    title: "课程满意度调查",
    kind: "survey",
    total,
    today: total,
    invalidCount: 0,
    deletedCount: 0,
    trend: [
      { date: "2025-01-01", count: 1 },
      { date: "2025-01-02", count: total - 1 },
    ],
    averageDurationSeconds: total ? 75 : null,
    sources: total ? [{ source: "link", name: "链接", count: total, percentage: 100 }] : [],
    lastSubmittedAt: total ? "2025-01-02 09:00:00" : "",
  };
}

export function statistics(filtered = false): QuestionStatisticsResult {
  const male = filtered ? 2 : 2;
  const female = filtered ? 0 : 1;
  const answered = male + female;
  const share = (n: number) => (answered ? Math.round((n / answered) * 1000) / 10 : 0);
  return {
    total: answered,
    filtered,
    questions: [
      {
        family: "choice",
        questionId: "q1",
        type: "single",
        title: "您的性别",
        number: 1,
        answered,
        skipped: 0,
        multiple: false,
        otherTextCount: 0,
        options: [
          { optionId: "m", label: "男", isOther: false, count: male, percentage: share(male) },
          { optionId: "f", label: "女", isOther: false, count: female, percentage: share(female) },
          { optionId: "o", label: "其他", isOther: true, count: 0, percentage: 0 },
        ],
      },
      {
        family: "choice",
        questionId: "q2",
        type: "multiple",
        title: "喜欢的课程",
        number: 2,
        answered: 2,
        skipped: 0,
        multiple: true,
        otherTextCount: 0,
        options: [
          { optionId: "math", label: "数学", isOther: false, count: 2, percentage: 100 },
          { optionId: "art", label: "美术", isOther: false, count: 1, percentage: 50 },
        ],
      },
      {
        family: "text",
        questionId: "q3",
        type: "text",
        title: "您的建议",
        number: 3,
        answered: 1,
        skipped: 1,
        values: [],
      },
    ],
  };
}

export function summary(id: number, status: AnswerSummary["status"] = "valid"): AnswerSummary {
  return {
    id,
    seq: id,
    status,
    statusName: status === "valid" ? "有效" : status === "invalid" ? "无效" : "已删除",
    submittedAt: `2025-01-0${id} 09:00:00`,
    durationSeconds: 60 + id,
    source: "link",
    sourceName: "链接",
    ip: `10.0.0.${id}`,
    endState: "submitted",
    score: null,
    maxScore: null,
    passed: null,
    texts: { q1: id === 2 ? "女" : "男", q3: `建议${id}` },
  };
}

/** Responses 3, 2, 1 in the list's default order (newest first). */
export const listOrder = [3, 2, 1];

export function detail(id: number): AnswerDetail {
  const at = listOrder.indexOf(id);
  return {
    answer: summary(id),
    revisionId: 2,
    definition,
    answers: {
      q1: { optionId: id === 2 ? "f" : "m" },
      q2: { optionIds: ["math"] },
      q3: `建议${id}`,
    },
    labels: { q1: { m: "男", f: "女", o: "其他" }, q2: { math: "数学", art: "美术" } },
    files: {},
    signatures: {},
    skipped: [],
    exam: null,
    consent: id === 1 ? { version: 2, text: "您的回答仅用于统计分析。", policyUrl: "" } : null,
    wechat: id === 1 ? { nickname: "微信小明", avatarUrl: "https://thirdwx.qlogo.cn/mmopen/x/132" } : null,
    candidate:
      id === 2
        ? {
            name: "张*",
            number: "20***01",
            attemptId: 7,
            attemptNo: 1,
            switches: 2,
            endedReason: "timeout" as const,
          }
        : null,
    masked: [],
    previousId: listOrder[at - 1] ?? null,
    nextId: listOrder[at + 1] ?? null,
    position: at + 1,
    total: listOrder.length,
  };
}

export function exportJob(patch: Partial<ExportJob> = {}): ExportJob {
  return {
    id: 11,
    questionnaireId: 7,
    kind: "xlsx",
    kindName: "Excel 答卷数据（.xlsx）",
    status: "running",
    statusName: "导出中",
    progress: 40,
    rows: 1,
    fileName: "课程满意度调查_答卷数据.xlsx",
    fileSize: 0,
    error: "",
    filter: {},
    createdAt: "2025-01-02 10:00:00",
    finishedAt: "",
    expiresAt: "",
    downloadPath: "",
    ...patch,
  };
}

/** The questionary above as an exam (the 考试成绩 tab shows for it). */
export const examQuestionary = {
  ...questionary,
  kind: "exam",
  kindName: "在线考试",
} as unknown as QuestionaryDetail;

/** An exam report of `count` responses with no questions, bands or ranking rows unless given. */
export function examReport(patch: Partial<ExamReport> = {}): ExamReport {
  return {
    count: 2,
    maxScore: 29,
    average: 19,
    highest: 29,
    lowest: 9,
    median: 19,
    passMark: null,
    passCount: 0,
    passRate: null,
    pendingManualCount: 0,
    bands: [],
    questions: [],
    ranking: { list: [], total: 0, pageNum: 1, pageSize: 20 },
    ...patch,
  };
}
