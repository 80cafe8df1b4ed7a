import type { AnalysisOutcome } from "@wjgj/core/api/analysis";
import type { AnalysisColumns } from "./data.ts";
import type { CatalogueVariable } from "./variables.ts";

/**
 * A checked request: the variables it reads and how it computes. Checking comes first (unknown variables,
 * wrong measures answer 400 before any response is read); what depends on the data (which groups have
 * answers) is checked in `run`.
 */
export interface MethodPlan {
  variables: CatalogueVariable[];
  /** Whether the method has a weighted form (descriptives and cross-tabs; see weighting.ts). */
  weightable: boolean;
  /** `weights[i]` is response i's weight, or null when unweighted. */
  run(data: AnalysisColumns, weights: number[] | null): AnalysisOutcome;
}
