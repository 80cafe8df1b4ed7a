export const questionnaireKinds = ["survey", "exam", "form", "vote", "satisfaction", "knowledge"] as const;
export type QuestionnaireKind = (typeof questionnaireKinds)[number];

/** 考试 and 知识竞赛: graded, so answers, points and 答案解析 are edited and shown for them. */
export function isGradedKind(kind: string): boolean {
  return kind === "exam" || kind === "knowledge";
}

export const questionnaireKindNames: Record<QuestionnaireKind, string> = {
  survey: "问卷调查",
  exam: "在线考试",
  form: "收集表单",
  vote: "投票",
  satisfaction: "满意度调查",
  knowledge: "知识竞赛",
};

/** What a questionnaire of each kind is called in a sentence (考试已创建), where the product name is too long. */
export const questionnaireKindNouns: Record<QuestionnaireKind, string> = {
  survey: "问卷",
  exam: "考试",
  form: "表单",
  vote: "投票",
  satisfaction: "满意度调查",
  knowledge: "知识竞赛",
};

/**
 * A text about one questionnaire in its kind's words: every 问卷 becomes the kind's noun (问卷已结束 → 考试已结束).
 * Only for texts whose every 问卷 names that questionnaire. A kind this build does not know (a newer one in a
 * shared database) keeps 问卷.
 */
export function inKindWords(text: string, kind: QuestionnaireKind | (string & {})): string {
  return text.replaceAll("问卷", questionnaireKindNouns[kind as QuestionnaireKind] ?? "问卷");
}
