import type { SurveyDefinition } from "@wjgj/core";
import type {
  SaveWeightingInput,
  WeightingMargin,
  WeightingResult,
  WeightingSummary,
} from "@wjgj/core/api/analysis";
import { rake } from "@wjgj/core/stats/index";
import { iso } from "../../../clock.ts";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/index.ts";
import { InvalidInputError } from "../../../errors.ts";
import type { Viewer } from "../../../http/viewer.ts";
import type { ExportWeighting } from "../../exports/sav-variables.ts";
import { type AnalysisColumns, analysisColumns, columnOf, present } from "./data.ts";
import { codedOf } from "./resolve.ts";
import { analysisError, analysisScope } from "./scope.ts";
import { analysisCatalogue, type Catalogue, type CatalogueVariable } from "./variables.ts";

/**
 * 加权 by raking (core's `rake`, Deming–Stephan iterative proportional fitting) to target margins on coded
 * single-answer variables, over the valid responses that answer every margin variable; the others keep
 * weight 1. Raking weights are a product of one factor per margin category, so a response's weight depends
 * only on its combination of codes: the weight of each combination (cell) is stored, and a response that
 * arrives later takes its cell's weight without re-raking (a combination nobody had yet weighs 1). Saving
 * again re-rakes over the responses of that moment.
 *
 * What weights apply to (statistics/getAnalysis with `weighted`): counts and shares of descriptives and
 * cross-tabs. Those are what raking is for — making the sample's composition match the population's — and
 * their weighted form is the plain weighted sum (weights average 1, so weighted totals stay near n). The
 * cross-tab's tests and the shares' Wilson intervals take the weighted counts rounded to whole cases per cell
 * (SPSS's and PSPP's CROSSTABS /COUNT=CELL ROUND). Means and other scale figures wait for core's
 * descriptives to take fractional weights (it takes whole-number frequency weights only). The tests and
 * models (t, ANOVA, rank tests, correlation, regression, α, factor analysis) are refused when weighted: core
 * has no weighted form of them, and reading raking weights as frequency weights would change the sample
 * size and so fake significance.
 */
export interface SavedWeighting {
  margins: WeightingMargin[];
  cells: Readonly<Record<string, number>>;
  summary: WeightingSummary;
}

const cellKey = (codes: readonly number[]) => codes.join(",");

/**
 * A response's weight from its codes of the margin variables: its cell's, or 1 when it misses a margin (no
 * code, or a missing code such as 未作答) or its combination was not raked.
 */
export function cellWeight(cells: Readonly<Record<string, number>>, codes: readonly unknown[]): number {
  if (!codes.every((code): code is number => typeof code === "number" && Number.isFinite(code))) return 1;
  return cells[cellKey(codes)] ?? 1;
}
const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** Kish's efficiency (Σw)² / (n Σw²) as a percent with one decimal. */
export function kishEfficiency(weights: readonly number[]): number {
  let sum = 0;
  let squares = 0;
  for (const w of weights) {
    sum += w;
    squares += w * w;
  }
  return squares > 0 ? round((100 * sum * sum) / (weights.length * squares), 1) : 100;
}

export async function savedWeighting(db: Db, questionnaireId: number): Promise<SavedWeighting | null> {
  const row = await db
    .selectFrom("analysis_weightings")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    margins: JSON.parse(row.margins) as WeightingMargin[],
    cells: JSON.parse(row.cellWeights) as Record<string, number>,
    summary: JSON.parse(row.summary) as WeightingSummary,
  };
}

/**
 * The saved margins' variables in today's catalogue. A later edit of the questionnaire may renumber or
 * recode them: then the weighting no longer means what was saved, and analysis refuses it until saved again.
 */
export function marginVariables(catalogue: Catalogue, saved: SavedWeighting): CatalogueVariable[] {
  return saved.margins.map((margin) => {
    const variable = catalogue.byName.get(margin.variable);
    const codes = new Set(variable?.values.map((v) => v.value));
    if (!variable || margin.targets.some((t) => !codes.has(t.value)))
      throw analysisError("weighted", "weightingStale", { name: margin.variable });
    return variable;
  });
}

/** Each response's weight: its cell's, or 1 when it misses a margin or its cell was not raked. */
export function weightsOf(
  saved: SavedWeighting,
  margins: CatalogueVariable[],
  data: AnalysisColumns,
): number[] {
  const columns = margins.map((v) => columnOf(data, v.name));
  return Array.from({ length: data.responses }, (_, i) =>
    cellWeight(
      saved.cells,
      columns.map((column) => column[i]),
    ),
  );
}

/**
 * The saved weighting as an export file carries it (exports with `weighted`), checked against today's
 * definition as analysis checks it: refused in Chinese when none is saved or a margin went stale.
 */
export async function weightingForExport(
  db: Db,
  questionnaireId: number,
  definition: SurveyDefinition,
): Promise<ExportWeighting> {
  const saved = await savedWeighting(db, questionnaireId);
  if (!saved) throw analysisError("filter.weighted", "analysisWeightingMissing");
  marginVariables(analysisCatalogue(definition), saved);
  return {
    margins: saved.margins.map((m) => m.variable),
    weightOf: (codes) => cellWeight(saved.cells, codes),
  };
}

export async function getWeighting(ctx: AppContext, viewer: Viewer, id: number): Promise<WeightingResult> {
  await analysisScope(ctx, viewer, id, "view");
  return { weighting: (await savedWeighting(ctx.db, id))?.summary ?? null };
}

export async function deleteWeighting(ctx: AppContext, viewer: Viewer, id: number): Promise<WeightingResult> {
  await analysisScope(ctx, viewer, id, "manage");
  await ctx.db.deleteFrom("analysis_weightings").where("questionnaireId", "=", id).execute();
  return { weighting: null };
}

/** The margins checked against the catalogue: coded single-answer variables, known codes, 100 % each. */
function checkMargins(catalogue: Catalogue, margins: readonly WeightingMargin[]): CatalogueVariable[] {
  const setMembers = new Set(catalogue.sets.flatMap((s) => s.members));
  const seen = new Set<string>();
  return margins.map((margin, m) => {
    const field = `margins.${m}`;
    const variable = codedOf(catalogue, margin.variable, `${field}.variable`, "加权变量");
    if (setMembers.has(variable.name))
      throw analysisError(`${field}.variable`, "weightingNotSingle", { label: variable.label });
    if (seen.has(variable.name))
      throw analysisError(`${field}.variable`, "weightingVariableRepeated", { label: variable.label });
    seen.add(variable.name);
    const values = new Set<number>();
    margin.targets.forEach((target, k) => {
      if (!variable.values.some((v) => v.value === target.value))
        throw analysisError(`${field}.targets.${k}.value`, "weightingValueUnknown", {
          label: variable.label,
          value: target.value,
        });
      if (values.has(target.value))
        throw analysisError(`${field}.targets.${k}.value`, "weightingValueRepeated", {
          label: variable.label,
          value: target.value,
        });
      values.add(target.value);
    });
    const sum = margin.targets.reduce((s, t) => s + t.percent, 0);
    if (Math.abs(sum - 100) > 0.1)
      throw analysisError(`${field}.targets`, "weightingPercentSum", {
        label: variable.label,
        sum: round(sum, 2),
      });
    return variable;
  });
}

export async function saveWeighting(
  ctx: AppContext,
  viewer: Viewer,
  input: SaveWeightingInput,
): Promise<WeightingResult> {
  const { definition } = await analysisScope(ctx, viewer, input.id, "manage");
  const catalogue = analysisCatalogue(definition);
  const variables = checkMargins(catalogue, input.margins);
  // Over every valid response, whatever the page's filter: the weighting belongs to the questionnaire.
  const data = await analysisColumns(ctx, input.id, catalogue, {}, null, variables);
  const columns = variables.map((v) => columnOf(data, v.name));
  const index = input.margins.map((margin) => new Map(margin.targets.map((t, k) => [t.value, k])));
  const cases: number[][] = [];
  const codes: number[][] = [];
  for (let i = 0; i < data.responses; i++) {
    const row = columns.map((column) => column[i] as number);
    if (!row.every(present)) continue;
    const categories = row.map((code, m) => index[m]?.get(code));
    const unset = categories.indexOf(undefined);
    if (unset >= 0) {
      const variable = variables[unset] as CatalogueVariable;
      const code = row[unset] as number;
      throw analysisError(`margins.${unset}.targets`, "weightingTargetMissing", {
        label: variable.label,
        category: variable.values.find((v) => v.value === code)?.label ?? String(code),
      });
    }
    cases.push(categories as number[]);
    codes.push(row);
  }
  if (cases.length === 0) throw analysisError("margins", "weightingNoCases");
  input.margins.forEach((margin, m) => {
    margin.targets.forEach((target, k) => {
      if (target.percent > 0 && !cases.some((c) => c[m] === k)) {
        const variable = variables[m] as CatalogueVariable;
        throw analysisError(`margins.${m}.targets.${k}`, "weightingNoRespondents", {
          label: variable.label,
          category: variable.values.find((v) => v.value === target.value)?.label ?? String(target.value),
          percent: target.percent,
        });
      }
    });
  });
  // Percents within ±0.1 of 100 are scaled to sum to exactly 1, as raking needs.
  const targets = input.margins.map((margin) => {
    const sum = margin.targets.reduce((s, t) => s + t.percent, 0);
    return margin.targets.map((t) => t.percent / sum);
  });
  const raked = rake(cases, targets, {
    labels: {
      variables: variables.map((v) => v.label),
      categories: input.margins.map((margin, m) =>
        margin.targets.map(
          (t) => (variables[m] as CatalogueVariable).values.find((v) => v.value === t.value)?.label ?? "",
        ),
      ),
    },
  });
  if (!raked.ok) throw new InvalidInputError([{ field: "margins", message: raked.message }]);
  const cells: Record<string, number> = {};
  codes.forEach((row, i) => {
    cells[cellKey(row)] = raked.weights[i] as number;
  });
  const now = iso(ctx.clock.now());
  const summary: WeightingSummary = {
    margins: input.margins,
    weighted: cases.length,
    unweighted: data.responses - cases.length,
    efficiency: round(raked.efficiency * 100, 1),
    minWeight: raked.min,
    maxWeight: raked.max,
    iterations: raked.iterations,
    converged: raked.converged,
    computedAt: now,
  };
  const values = {
    margins: JSON.stringify(input.margins),
    cellWeights: JSON.stringify(cells),
    summary: JSON.stringify(summary),
    updatedAt: now,
  };
  await ctx.db
    .insertInto("analysis_weightings")
    .values({ questionnaireId: input.id, ...values })
    .onConflict((oc) => oc.column("questionnaireId").doUpdateSet(values))
    .execute();
  return { weighting: summary };
}
