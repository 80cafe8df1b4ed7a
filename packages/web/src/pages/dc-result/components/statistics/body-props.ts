import type { QuestionStatistics } from "@wjgj/core";
import type { CountChartKind } from "../../../../components/charts/chart-options.ts";

export interface BodyProps<S extends QuestionStatistics> {
  stats: S;
  defaultKind: CountChartKind;
  /** Opens every answer of a question (其他 texts, blanks, text answers) in the drawer. */
  onShowText: (questionId: string, title: string) => void;
}
