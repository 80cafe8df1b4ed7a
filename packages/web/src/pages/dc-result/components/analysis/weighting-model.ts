import type { AnalysisVariablesResult, WeightingMargin } from "@wjgj/core/api/analysis";

/** One margin being entered: the variable and the percent typed for each of its codes (null while blank). */
export interface MarginDraft {
  /** Stable identity for React while the variable is still unchosen. */
  key: number;
  variable: string | undefined;
  percents: Record<number, number | null>;
}

/** The server weights by at most five variables (raking converges slowly beyond that). */
export const MAX_MARGINS = 5;

/** Single-choice coded variables: a multi-select's 0/1 options overlap and cannot be a margin. */
export function weightingCandidates(catalogue: AnalysisVariablesResult) {
  const members = new Set(catalogue.sets.flatMap((set) => set.members));
  return catalogue.variables.filter((variable) => variable.values.length >= 2 && !members.has(variable.name));
}

export function marginTotal(margin: MarginDraft): number {
  // Summed in tenths: 33.3 + 33.3 + 33.4 is 100 exactly, not 99.99999.
  const tenths = Object.values(margin.percents).reduce<number>(
    (sum, p) => sum + Math.round((p ?? 0) * 10),
    0,
  );
  return tenths / 10;
}

/** The margins to save, or why they cannot be (the first problem, as the dialog says it). */
export function marginsToSave(
  drafts: MarginDraft[],
  catalogue: AnalysisVariablesResult,
): WeightingMargin[] | string {
  if (!drafts.length) return "请至少添加一个加权变量";
  const margins: WeightingMargin[] = [];
  for (const draft of drafts) {
    const variable = catalogue.variables.find((v) => v.name === draft.variable);
    if (!variable) return "请为每一项选择加权变量";
    const total = marginTotal(draft);
    if (total !== 100) return `「${variable.label}」的目标比例合计为${total}%，须等于100%`;
    margins.push({
      variable: variable.name,
      targets: variable.values.map((code) => ({
        value: code.value,
        percent: draft.percents[code.value] ?? 0,
      })),
    });
  }
  return margins;
}

let nextKey = 1;

export function marginDraft(margin?: WeightingMargin): MarginDraft {
  const percents: Record<number, number | null> = {};
  for (const target of margin?.targets ?? []) percents[target.value] = target.percent;
  nextKey += 1;
  return { key: nextKey, variable: margin?.variable, percents };
}
