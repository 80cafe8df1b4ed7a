import type { AnalysisOutcome, AnalysisValueLabel } from "@wjgj/core/api/analysis";
import { descriptives, proportionWilson } from "@wjgj/core/stats/index";
import { type AnalysisColumns, arrayOf, present } from "./data.ts";
import type { MethodPlan } from "./method-plan.ts";
import { refOf } from "./resolve.ts";
import { analysisError } from "./scope.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

type Item = Extract<AnalysisOutcome, { method: "descriptives" }>["items"][number];

/**
 * Each code's count among the answers and its share with a Wilson 95 % interval. Weighted counts are sums of
 * weights, and the share is the weighted share (what the weighting was for: a margin raked to 40 % reads 40 %),
 * its interval taken at n = Σw.
 */
function proportions(categories: AnalysisValueLabel[], counts: number[], n: number): Item["proportions"] {
  return categories.map((category, k) => {
    const count = counts[k] ?? 0;
    return {
      value: category.value,
      label: category.label,
      count,
      proportion: proportionWilson(count, n),
    };
  });
}

/** Scale figures, weighted when asked: core's descriptives take case weights (n = Σw) as PSPP's WEIGHT BY. */
function scaleFigures(column: number[], weights: number[] | null): Item["descriptives"] {
  return weights ? descriptives(column, weights) : descriptives(column);
}

function variableItem(variable: CatalogueVariable, column: number[], weights: number[] | null): Item {
  const codes = new Map(variable.values.map((v, k) => [v.value, k]));
  const counts = variable.values.map(() => 0);
  let n = 0;
  column.forEach((value, i) => {
    if (!present(value)) return;
    const w = weights ? (weights[i] ?? 1) : 1;
    n += w;
    const k = codes.get(value);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + w;
  });
  return {
    variable: refOf(variable),
    descriptives: variable.measure === "nominal" ? null : scaleFigures(column, weights),
    proportions: variable.values.length > 0 ? proportions(variable.values, counts, n) : [],
  };
}

/** A multi-select question: each option's share among the responses that answered it (they sum above 100 %). */
function setItem(
  set: { name: string; label: string; categories: AnalysisValueLabel[] },
  members: number[][],
  weights: number[] | null,
): Item {
  const counts = set.categories.map(() => 0);
  let n = 0;
  const first = members[0] ?? [];
  first.forEach((value, i) => {
    if (!present(value)) return;
    const w = weights ? (weights[i] ?? 1) : 1;
    n += w;
    members.forEach((column, k) => {
      if (column[i] === 1) counts[k] = (counts[k] ?? 0) + w;
    });
  });
  return { variable: refOf(set), descriptives: null, proportions: proportions(set.categories, counts, n) };
}

export function planDescriptives(catalogue: Catalogue, names: readonly string[]): MethodPlan {
  const items = names.map((name, index) => {
    const variable = catalogue.byName.get(name);
    if (variable) return { kind: "variable" as const, variable };
    const set = catalogue.setByName.get(name);
    if (!set) throw analysisError(`request.variables.${index}`, "analysisVariableUnknown", { name });
    const members = set.members.map((m) => catalogue.byName.get(m) as CatalogueVariable);
    return { kind: "set" as const, set, members };
  });
  return {
    variables: items.flatMap((item) => (item.kind === "variable" ? [item.variable] : item.members)),
    weightable: true,
    run(data: AnalysisColumns, weights) {
      const column = (name: string) => arrayOf(data, name);
      return {
        method: "descriptives",
        items: items.map((item) =>
          item.kind === "variable"
            ? variableItem(item.variable, column(item.variable.name), weights)
            : setItem(
                item.set,
                item.members.map((m) => column(m.name)),
                weights,
              ),
        ),
      };
    },
  };
}
