export type { TextImportWarning } from "./context.ts";
export { textImportExample } from "./example.ts";
export { parseSurveyText, type TextImportOptions, type TextImportResult } from "./parse-survey-text.ts";
