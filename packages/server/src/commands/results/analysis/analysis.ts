import type { ResultsFilter } from "@wjgj/core";
import type { AnalysisRequest, AnalysisResult } from "@wjgj/core/api/analysis";
import type { AppContext } from "../../../context.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { planOrRefuse } from "../filter.ts";
import { exportCodes } from "../text/codes.ts";
import { analysisColumns } from "./data.ts";
import { planAnalysis } from "./plan.ts";
import { analysisError, analysisScope } from "./scope.ts";
import { analysisCatalogue } from "./variables.ts";
import { kishEfficiency, marginVariables, savedWeighting, weightsOf } from "./weighting.ts";

export interface AnalysisCommandInput {
  id: number;
  filter: ResultsFilter;
  weighted: boolean;
  request: AnalysisRequest;
}

/**
 * `statistics/getAnalysis`: one method of core's statistics over the filtered valid responses, on the SPSS
 * export's variables. Everything that can be refused is refused before the responses are read: the filter,
 * the variables and their measures, and a weighting that is missing or does not apply to the method.
 */
export async function getAnalysis(
  ctx: AppContext,
  viewer: Viewer,
  input: AnalysisCommandInput,
): Promise<AnalysisResult> {
  const { definition } = await analysisScope(ctx, viewer, input.id, "view");
  const predicate = planOrRefuse(definition, input.filter);
  const catalogue = analysisCatalogue(definition, await exportCodes(ctx.db, input.id, definition));
  const plan = planAnalysis(catalogue, input.request);
  const saved = input.weighted ? await savedWeighting(ctx.db, input.id) : null;
  if (input.weighted && !plan.weightable) throw analysisError("weighted", "analysisWeightedUnsupported");
  if (input.weighted && !saved) throw analysisError("weighted", "analysisWeightingMissing");
  const margins = saved ? marginVariables(catalogue, saved) : [];
  const data = await analysisColumns(ctx, input.id, catalogue, input.filter, predicate, [
    ...plan.variables,
    ...margins,
  ]);
  const weights = saved ? weightsOf(saved, margins, data) : null;
  return {
    responses: data.responses,
    weighted: weights !== null,
    efficiency: weights ? kishEfficiency(weights) : null,
    outcome: plan.run(data, weights),
  };
}
