import type { AnalysisRequest } from "@wjgj/core/api/analysis";
import { planCrosstab } from "./crosstab.ts";
import { planDescriptives } from "./descriptives.ts";
import { planManyGroups, planTwoGroups } from "./group-tests.ts";
import type { MethodPlan } from "./method-plan.ts";
import {
  planCorrelation,
  planFactor,
  planLogistic,
  planPairedT,
  planRegression,
  planReliability,
} from "./multivariate.ts";
import type { Catalogue } from "./variables.ts";

export function planAnalysis(catalogue: Catalogue, request: AnalysisRequest): MethodPlan {
  switch (request.method) {
    case "descriptives":
      return planDescriptives(catalogue, request.variables);
    case "crosstab":
      return planCrosstab(catalogue, request.row, request.column);
    case "independentT":
    case "mannWhitney":
      return planTwoGroups(catalogue, request.method, request);
    case "anova":
    case "kruskalWallis":
      return planManyGroups(catalogue, request.method, request);
    case "pairedT":
      return planPairedT(catalogue, request.pairs);
    case "correlation":
      return planCorrelation(catalogue, request.variables, request.kind);
    case "regression":
      return planRegression(catalogue, request.dependent, request.independents);
    case "logistic":
      return planLogistic(catalogue, request.dependent, request.independents);
    case "reliability":
      return planReliability(catalogue, request.variables, request.reverse);
    case "factor":
      return planFactor(catalogue, request.variables, request.factors);
  }
}
