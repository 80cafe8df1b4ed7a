import type { AnalysisOutcome } from "../api/analysis.ts";
import { type StatTable, withStarNote } from "./table-model.ts";
import { crosstabTables, descriptivesTables } from "./tables-basic.ts";
import {
  anovaTables,
  independentTTables,
  kruskalWallisTables,
  mannWhitneyTables,
  pairedTTables,
} from "./tables-difference.ts";
import {
  correlationTables,
  factorTables,
  logisticTables,
  regressionTables,
  reliabilityTables,
} from "./tables-relation.ts";

/** The tables of an outcome, in the order a paper would print them, each with the stars footnote it needs. */
export function outcomeTables(outcome: AnalysisOutcome): StatTable[] {
  const tables = (() => {
    switch (outcome.method) {
      case "descriptives":
        return descriptivesTables(outcome);
      case "crosstab":
        return crosstabTables(outcome);
      case "independentT":
        return independentTTables(outcome);
      case "mannWhitney":
        return mannWhitneyTables(outcome);
      case "pairedT":
        return pairedTTables(outcome);
      case "anova":
        return anovaTables(outcome);
      case "kruskalWallis":
        return kruskalWallisTables(outcome);
      case "correlation":
        return correlationTables(outcome);
      case "regression":
        return regressionTables(outcome);
      case "logistic":
        return logisticTables(outcome);
      case "reliability":
        return reliabilityTables(outcome);
      case "factor":
        return factorTables(outcome);
    }
  })();
  return tables.map(withStarNote);
}
