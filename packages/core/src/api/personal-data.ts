import type { SurveyDefinition } from "../survey/definition/definition.ts";

/**
 * Personal data, as teams hide it from a 数据查看 member marked so: the respondent's IP address and the
 * answers that identify a person — 个人信息 questions asking for a name, phone, e-mail, ID card, student or
 * employee number, 单行文本 in a phone, landline, e-mail, ID-card or QQ format, and 签名. Demographics
 * (性别, 年龄, 民族, 部门) stay: they are what results are for.
 */
const identifyingPresets = new Set(["name", "mobile", "email", "idCard", "studentId", "employeeId"]);
const identifyingFormats = new Set(["mobile", "landline", "email", "idCard", "qq"]);

export function isPersonalDataQuestion(question: { type: string; config: unknown }): boolean {
  const config = (question.config ?? {}) as { preset?: unknown; format?: unknown };
  switch (question.type) {
    case "personal":
      return identifyingPresets.has(String(config.preset));
    case "text":
      return identifyingFormats.has(String(config.format));
    case "signature":
      return true;
    default:
      return false;
  }
}

/** The ids of a definition's personal-data questions. */
export function personalQuestionIds(definition: SurveyDefinition): Set<string> {
  return new Set(
    definition.pages
      .flatMap((page) => page.questions)
      .filter(isPersonalDataQuestion)
      .map((question) => question.id),
  );
}

/** The definition without its personal-data questions: every result built on it leaves them out. */
export function withoutPersonalData(definition: SurveyDefinition): SurveyDefinition {
  const hidden = personalQuestionIds(definition);
  if (hidden.size === 0) return definition;
  return {
    ...definition,
    pages: definition.pages.map((page) => ({
      ...page,
      questions: page.questions.filter((question) => !hidden.has(question.id)),
    })),
  };
}

/** An answers (or labels) object without the hidden questions' entries. */
export function withoutKeys<T>(record: Record<string, T>, hidden: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !hidden.has(key)));
}
