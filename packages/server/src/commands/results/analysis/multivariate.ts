import type { AnalysisOutcome, AnalysisValueLabel } from "@wjgj/core/api/analysis";
import {
  correlationMatrix,
  cronbachAlpha,
  factorAnalysis,
  linearRegression,
  logisticRegression,
  pairedTTest,
} from "@wjgj/core/stats/index";
import { type AnalysisColumns, arrayOf, categorize, columnOf as rawColumnOf } from "./data.ts";
import type { MethodPlan } from "./method-plan.ts";
import { codedOf, distinct, numericOf, refOf, variableOf } from "./resolve.ts";
import { analysisError } from "./scope.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

const columnOf = (data: AnalysisColumns, variable: CatalogueVariable) => arrayOf(data, variable.name);

export function planPairedT(catalogue: Catalogue, pairs: readonly (readonly [string, string])[]): MethodPlan {
  const resolved = pairs.map(
    ([a, b], i) =>
      [
        numericOf(catalogue, a, `request.pairs.${i}.0`, "pairedT"),
        numericOf(catalogue, b, `request.pairs.${i}.1`, "pairedT"),
      ] as const,
  );
  return {
    variables: resolved.flat(),
    weightable: false,
    run(data): AnalysisOutcome {
      return {
        method: "pairedT",
        items: resolved.map(([first, second]) => ({
          first: refOf(first),
          second: refOf(second),
          result: pairedTTest(columnOf(data, first), columnOf(data, second)),
        })),
      };
    },
  };
}

/** Pearson or Spearman with pairwise deletion, as PSPP's CORRELATIONS and NONPAR CORR by default. */
export function planCorrelation(
  catalogue: Catalogue,
  names: readonly string[],
  kind: "pearson" | "spearman",
): MethodPlan {
  const variables = names.map((name, i) =>
    numericOf(catalogue, name, `request.variables.${i}`, "correlation"),
  );
  distinct(variables, "request.variables");
  return {
    variables,
    weightable: false,
    run(data): AnalysisOutcome {
      return {
        method: "correlation",
        kind,
        variables: variables.map(refOf),
        matrix: correlationMatrix(
          variables.map((v) => columnOf(data, v)),
          kind,
        ),
      };
    },
  };
}

/**
 * A model's independents: numeric, or a nominal variable of at most two codes (a dummy); each once, and not the
 * dependent.
 */
function modelIndependents(
  catalogue: Catalogue,
  dependent: CatalogueVariable,
  names: readonly string[],
  method: "regression" | "logistic",
): CatalogueVariable[] {
  const independents = names.map((name, i) => {
    const field = `request.independents.${i}`;
    const variable = variableOf(catalogue, name, field);
    return variable.measure === "nominal" && variable.values.length <= 2
      ? variable
      : numericOf(catalogue, name, field, method);
  });
  distinct(independents, "request.independents");
  const again = independents.findIndex((v) => v.name === dependent.name);
  if (again >= 0)
    throw analysisError(`request.independents.${again}`, "analysisVariableRepeated", {
      label: dependent.label,
    });
  return independents;
}

/**
 * OLS with every predictor entered (PSPP REGRESSION /METHOD=ENTER), listwise. A predictor may be scale or
 * ordinal, or a nominal variable of at most two codes (a multi-select option's 0/1, a two-option choice): a
 * two-code variable enters as a dummy, where its b is the difference between the codes per unit of code.
 */
export function planRegression(
  catalogue: Catalogue,
  dependentName: string,
  names: readonly string[],
): MethodPlan {
  const dependent = numericOf(catalogue, dependentName, "request.dependent", "regression");
  const independents = modelIndependents(catalogue, dependent, names, "regression");
  return {
    variables: [dependent, ...independents],
    weightable: false,
    run(data): AnalysisOutcome {
      return {
        method: "regression",
        dependent: refOf(dependent),
        independents: independents.map(refOf),
        result: linearRegression(
          columnOf(data, dependent),
          independents.map((v) => columnOf(data, v)),
        ),
      };
    },
  };
}

/**
 * Binary logistic regression (PSPP LOGISTIC REGRESSION … WITH, listwise): the dependent a coded variable of which
 * exactly two codes are answered in the filter — the lower coded 0, the higher 1 (the event), as SPSS codes it;
 * the independents as linear regression takes them.
 */
export function planLogistic(
  catalogue: Catalogue,
  dependentName: string,
  names: readonly string[],
): MethodPlan {
  const dependent = codedOf(catalogue, dependentName, "request.dependent", "Logistic回归的因变量");
  const independents = modelIndependents(catalogue, dependent, names, "logistic");
  return {
    variables: [dependent, ...independents],
    weightable: false,
    run(data): AnalysisOutcome {
      const categories = categorize(
        rawColumnOf(data, dependent.name),
        dependent.values.map((v) => v.value),
      );
      const seen = dependent.values.filter((_, k) => categories.includes(k));
      if (seen.length !== 2)
        throw analysisError("request.dependent", "analysisLogisticCategories", {
          label: dependent.label,
          count: seen.length,
        });
      const [low, high] = seen as [AnalysisValueLabel, AnalysisValueLabel];
      const lowAt = dependent.values.indexOf(low);
      const highAt = dependent.values.indexOf(high);
      const y = Array.from(categories, (k) => (k === lowAt ? 0 : k === highAt ? 1 : Number.NaN));
      return {
        method: "logistic",
        dependent: refOf(dependent),
        categories: [
          { value: low.value, label: low.label },
          { value: high.value, label: high.label },
        ],
        independents: independents.map(refOf),
        result: logisticRegression(
          y,
          independents.map((v) => columnOf(data, v)),
        ),
      };
    },
  };
}

/**
 * Cronbach's α (PSPP RELIABILITY /MODEL=ALPHA, listwise). Reverse-scored items are turned as min + max − x on
 * the scale of the reversed items' points (e.g. 1–5 for a five-point matrix scale).
 */
export function planReliability(
  catalogue: Catalogue,
  names: readonly string[],
  reverseNames: readonly string[],
): MethodPlan {
  const items = names.map((name, i) => numericOf(catalogue, name, `request.variables.${i}`, "reliability"));
  distinct(items, "request.variables");
  const reverse = reverseNames.map((name, i) => {
    const field = `request.reverse.${i}`;
    const index = items.findIndex((item) => item.name === name);
    if (index < 0) {
      const variable = variableOf(catalogue, name, field);
      throw analysisError(field, "analysisReverseNotSelected", { label: variable.label });
    }
    const item = items[index] as CatalogueVariable;
    if (item.values.length === 0) throw analysisError(field, "analysisReverseNoScale", { label: item.label });
    return index;
  });
  const points = reverse.flatMap((k) => (items[k] as CatalogueVariable).values.map((v) => v.value));
  const scale = points.length > 0 ? { scaleMin: Math.min(...points), scaleMax: Math.max(...points) } : {};
  return {
    variables: items,
    weightable: false,
    run(data): AnalysisOutcome {
      return {
        method: "reliability",
        variables: items.map(refOf),
        reversed: reverse.map((k) => (items[k] as CatalogueVariable).name),
        // Read in place: α makes one pass over each column.
        result: cronbachAlpha(
          items.map((v) => rawColumnOf(data, v.name)),
          { reverse, ...scale },
        ),
      };
    },
  };
}

/** Principal components with varimax (PSPP FACTOR /EXTRACTION=PC /ROTATION=VARIMAX), listwise. */
export function planFactor(
  catalogue: Catalogue,
  names: readonly string[],
  factors: number | undefined,
): MethodPlan {
  const variables = names.map((name, i) => numericOf(catalogue, name, `request.variables.${i}`, "factor"));
  distinct(variables, "request.variables");
  if (factors !== undefined && factors >= variables.length)
    throw analysisError("request.factors", "analysisFactorsTooMany", { count: variables.length });
  return {
    variables,
    weightable: false,
    run(data): AnalysisOutcome {
      return {
        method: "factor",
        variables: variables.map(refOf),
        result: factorAnalysis(
          variables.map((v) => columnOf(data, v)),
          factors === undefined ? {} : { factors },
        ),
      };
    },
  };
}
