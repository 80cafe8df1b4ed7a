// Results engine: the facts a response contributes, counters, statistics from counts, filter plans.
export { CountTable, percent, questionIdOfKey } from "./counts.ts";
export { formatDuration } from "./durations.ts";
export {
  clampGrade,
  EXAM_SUM_SCALE,
  examCounterEntries,
  examFacts,
  type Grades,
  gradedTotals,
  type ScoreMark,
} from "./exam-facts.ts";
export {
  counterKeysOf,
  FACT_TEXT_MAX,
  type Fact,
  isCountedKey,
  questionFacts,
  type ResponseMeta,
  responseFacts,
  skippedFacts,
} from "./facts.ts";
export { type FactPredicate, type FilterPlan, planCodes, planFilter } from "./filter-plan.ts";
export {
  likertPointLabels,
  type PointLabel,
  pointCaption,
  type ScaleCategories,
  scaleCategories,
  scalePointLabels,
} from "./scale-points.ts";
export { bandBounds, scoreBands } from "./score-bands.ts";
export { skippedOf, skippedQuestionIds } from "./skipped.ts";
export {
  answerableQuestions,
  answeredFromKeyCounts,
  answeredKeys,
  definitionStatistics,
  questionStatistics,
  type StatisticsOptions,
} from "./statistics.ts";
