import type { SurveyDefinition } from "@wjgj/core";

/** Whether the questionnaire has a question of one of `types`. */
export const hasQuestionTypes = (definition: SurveyDefinition, types: readonly string[]) =>
  definition.pages.some((page) => page.questions.some((question) => types.includes(question.type)));

/**
 * The questions whose files 下载附件压缩包 packs: 文件上传, and 电子签名 (stored as a picture, in the archive when
 * personal information is exported in full).
 */
export const attachmentTypes = ["file", "signature"] as const;
