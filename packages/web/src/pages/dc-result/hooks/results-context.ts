import type { QuestionaryDetail, ResultsFilter } from "@wjgj/core";
import { createContext, useContext } from "react";

export interface ResultsContextValue {
  id: number;
  questionary: QuestionaryDetail;
  /** The 筛选 in force: every statistic, report and the response list read it. */
  filter: ResultsFilter;
  setFilter: (filter: ResultsFilter) => void;
  /** Opens the share dialog (the empty states invite the creator to collect answers). */
  openShare: () => void;
}

export const ResultsContext = createContext<ResultsContextValue | null>(null);

/** The questionnaire and filter of the result page, for every tab without passing them down. */
export function useResults(): ResultsContextValue {
  const value = useContext(ResultsContext);
  if (!value) throw new Error("useResults outside the result page");
  return value;
}
