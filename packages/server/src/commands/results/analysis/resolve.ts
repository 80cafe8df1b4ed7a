import { analysisMethodNames } from "@wjgj/core";
import type {
  AnalysisMethod,
  AnalysisSet,
  AnalysisValueLabel,
  AnalysisVariableRef,
} from "@wjgj/core/api/analysis";
import { analysisError } from "./scope.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

/** A variable named by a request, with a 400 naming `field` when the questionnaire has none of that name. */
export function variableOf(catalogue: Catalogue, name: string, field: string): CatalogueVariable {
  const variable = catalogue.byName.get(name);
  if (variable) return variable;
  const set = catalogue.setByName.get(name);
  if (set) throw analysisError(field, "analysisSetOnlyCrosstab", { label: set.label });
  throw analysisError(field, "analysisVariableUnknown", { name });
}

/**
 * A variable to compute with: scale or ordinal. Nominal codes (single choices, 0/1 of a multi-select) are
 * labels, not amounts: a mean of them would be a number without meaning.
 */
export function numericOf(
  catalogue: Catalogue,
  name: string,
  field: string,
  method: AnalysisMethod,
): CatalogueVariable {
  const variable = variableOf(catalogue, name, field);
  if (variable.measure === "nominal")
    throw analysisError(field, "analysisNotNumeric", {
      label: variable.label,
      method: analysisMethodNames[method],
    });
  return variable;
}

/** A variable with codes (choices, scale points): a grouping variable or a weighting margin. */
export function codedOf(catalogue: Catalogue, name: string, field: string, role: string): CatalogueVariable {
  const variable = variableOf(catalogue, name, field);
  if (variable.values.length === 0)
    throw analysisError(field, "analysisNotCoded", { label: variable.label, role });
  return variable;
}

/** A cross-tab axis: a coded variable, or a multi-select question's set. */
export type Axis =
  | { kind: "variable"; variable: CatalogueVariable; categories: AnalysisValueLabel[] }
  | { kind: "set"; set: AnalysisSet; members: CatalogueVariable[]; categories: AnalysisValueLabel[] };

export function axisOf(catalogue: Catalogue, name: string, field: string): Axis {
  const variable = catalogue.byName.get(name);
  if (!variable) {
    const set = catalogue.setByName.get(name);
    if (!set) throw analysisError(field, "analysisVariableUnknown", { name });
    const members = set.members.map((member) => catalogue.byName.get(member) as CatalogueVariable);
    return { kind: "set", set, members, categories: set.categories };
  }
  if (variable.values.length === 0)
    throw analysisError(field, "analysisNotCoded", { label: variable.label, role: "交叉表的行或列" });
  return { kind: "variable", variable, categories: variable.values };
}

export function refOf(item: { name: string; label: string }): AnalysisVariableRef {
  return { name: item.name, label: item.label };
}

/** Refuses a variable chosen twice in one list. */
export function distinct(variables: readonly CatalogueVariable[], field: string): void {
  const seen = new Set<string>();
  variables.forEach((variable, index) => {
    if (seen.has(variable.name))
      throw analysisError(`${field}.${index}`, "analysisVariableRepeated", { label: variable.label });
    seen.add(variable.name);
  });
}
