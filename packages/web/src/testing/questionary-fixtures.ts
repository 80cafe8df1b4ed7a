import type { QuestionarySummary } from "@wjgj/core";

/** A published survey as 我的问卷 lists it (questionary/getQuestionaryList); a test sets what it looks at. */
export function buildQuestionarySummary(overrides: Partial<QuestionarySummary> = {}): QuestionarySummary {
  const id = overrides.id ?? 7;
  return {
    id,
    publicId: `p${id}`,
    title: "",
    kind: "survey",
    kindName: "问卷调查",
    status: "published",
    statusName: "已发布",
    hasUnpublishedChanges: false,
    responseCount: 3,
    questionCount: 12,
    version: 1,
    createdAt: "2026-12-01 10:00:00",
    updatedAt: "2026-12-02 10:00:00",
    publishedAt: "2026-12-02 10:00:00",
    deletedAt: "",
    takenDown: false,
    starred: false,
    ...overrides,
  };
}
