// Public API of the survey engine: definition format, type registry, logic, validation and scoring.
export * from "./definition/condition.ts";
export * from "./definition/condition-limits.ts";
export * from "./definition/definition.ts";
export { type IdMaker, withFreshIds } from "./definition/fresh-ids.ts";
export { idSchema } from "./definition/ids.ts";
export * from "./definition/kinds.ts";
export * from "./definition/logic.ts";
export * from "./definition/option.ts";
export * from "./definition/question.ts";
export { plainExcerpt, richTextToPlain, sanitizeRichText } from "./definition/rich-text.ts";
export * from "./definition/scoring-rule.ts";
export * from "./definition/settings.ts";
export * from "./definition/validation-rules.ts";
export type { BinaryOp, Expr } from "./expression/ast.ts";
export { compareValues, type EvalEnv, evaluateExpression } from "./expression/evaluate.ts";
export { builtInNames } from "./expression/functions.ts";
export { type ParseResult, parseExpression } from "./expression/parser.ts";
export { checkExpressionTypes, type TypeEnv, type TypeProblem } from "./expression/typecheck.ts";
export type { ExprValue, Scalar, ValueType } from "./expression/value.ts";
export { type Answers, evaluateSurvey } from "./logic/evaluate.ts";
export type { EndState, EvaluationResult } from "./logic/result.ts";
export { createSession, SurveySession } from "./logic/session.ts";
export type { EvaluationContext } from "./logic/state.ts";
export {
  ANSWER_KEY_ALTERNATIVES_JOIN,
  ANSWER_KEY_OPTIONS_JOIN,
  answerKeyText,
  paperPoints,
} from "./scoring/answer-key.ts";
export { type ExamResult, type QuestionScore, scoreExam } from "./scoring/exam.ts";
export type { Issue, IssueLevel } from "./shared/issue.ts";
export { surveyMessages } from "./shared/messages.ts";
export { seededShuffle } from "./shared/random.ts";
export type { BookingAnswer, BookingConfig } from "./types/advanced/booking.ts";
export {
  personalPresetNames,
  personalPresets,
  personalPresetValueNames,
} from "./types/advanced/personal.ts";
export type { ProductConfig } from "./types/advanced/product.ts";
export { productAnswerText } from "./types/advanced/product.ts";
export type { Counts, NumberSummary } from "./types/helpers/counters.ts";
export { isNumericFormat, type TextFormat, textFormatNames, textFormats } from "./types/helpers/formats.ts";
export { isValidIdCard } from "./types/helpers/id-card.ts";
export { isSafePattern } from "./types/helpers/safe-regex.ts";
export type {
  AnswerEnv,
  AnyQuestionModule,
  QuestionModule,
  ScoreResult,
  StatsReducer,
} from "./types/module.ts";
export { type PaletteGroup, paletteGroupNames, paletteGroups } from "./types/palette.ts";
export { npsScore } from "./types/rating/nps.ts";
export {
  getQuestionType,
  type PaletteSection,
  palette,
  type QuestionType,
  questionTypes,
} from "./types/registry.ts";
export { countInlineBlanks } from "./types/text/inline-blank.ts";
export { checkDefinition } from "./validate/check-definition.ts";
export {
  type SubmissionIssue,
  type SubmissionResult,
  validateSubmission,
} from "./validate/validate-submission.ts";
