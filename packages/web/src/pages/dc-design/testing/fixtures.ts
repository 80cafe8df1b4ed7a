import {
  allowedActions,
  type Question,
  type QuestionaryDetail,
  questionarySettingsSchema,
  type SurveyDefinition,
  type TextFormat,
} from "@wjgj/core";

/** A 单选 question with options labelled as given (ids o1, o2, …). */
export function single(id: string, title: string, labels: string[] = ["A", "B"]): Question {
  return {
    id,
    type: "single",
    title,
    required: true,
    config: { options: labels.map((label, i) => ({ id: `o${i + 1}`, label })), columns: 1 },
  };
}

export function text(id: string, title: string, format: TextFormat = "none"): Question {
  return { id, type: "text", title, required: false, config: { format, patterns: [], unique: false } };
}

/** A draft with the given pages of questions (page ids p1, p2, …). */
export function definitionOf(...pages: Question[][]): SurveyDefinition {
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "测试问卷",
    pages: pages.map((questions, i) => ({ id: `p${i + 1}`, questions })),
    computed: [],
    quotas: [],
    settings: { numbering: "dynamic", allowBack: true },
  };
}

export function detailOf(definition: SurveyDefinition, version = 1): QuestionaryDetail {
  return {
    id: 7,
    publicId: "Ab3dEf9h",
    kind: definition.kind,
    kindName: "问卷调查",
    title: definition.title,
    status: "draft",
    statusName: "草稿",
    hasUnpublishedChanges: false,
    responseCount: 0,
    questionCount: definition.pages.reduce((n, page) => n + page.questions.length, 0),
    version,
    createdAt: "2024-05-01 10:00:00",
    updatedAt: "2024-05-01 10:00:00",
    publishedAt: "",
    deletedAt: "",
    takenDown: false,
    starred: false,
    definition,
    settings: questionarySettingsSchema.parse({}),
    publishedVersion: null,
    issues: [],
    myRole: "owner",
    permissions: allowedActions("owner"),
  };
}

/** Question ids page by page, for compact assertions about order. */
export function layoutOf(definition: SurveyDefinition): string[][] {
  return definition.pages.map((page) => page.questions.map((question) => question.id));
}
