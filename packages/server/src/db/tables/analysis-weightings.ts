/**
 * 加权 (issue #34): a questionnaire's saved raking — the target margins, the weight of each combination of
 * margin codes (raking weights depend on nothing else, so responses arriving later take their cell's weight)
 * and the summary shown beside it. JSON as text.
 */
export interface AnalysisWeightingsTable {
  questionnaireId: number;
  /** WeightingMargin[] as saved. */
  margins: string;
  /** { "<code of margin 1>,<code of margin 2>,…": weight }. */
  cellWeights: string;
  /** WeightingSummary. */
  summary: string;
  updatedAt: string;
}
