import { createHash } from "node:crypto";
import { getQuestionType, type Question, type SurveyDefinition, scaleCategories } from "@wjgj/core";
import type {
  AnalysisSet,
  AnalysisValueLabel,
  AnalysisVariable,
  AnalysisVariablesResult,
} from "@wjgj/core/api/analysis";
import type { AppContext } from "../../../context.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { columnTitle, plain } from "../../exports/columns.ts";
import { type ExportCode, type ExportLayout, exportLayout } from "../../exports/rows.ts";
import { type SavLayout, savLayout } from "../../exports/sav-variables.ts";
import { exportCodes } from "../text/codes.ts";
import { analysisScope } from "./scope.ts";

/** A variable of the catalogue with where the SPSS layout puts it and which codes it declares missing. */
export interface CatalogueVariable extends AnalysisVariable {
  /** Index into `SavLayout.values(…)`. */
  index: number;
  /** User-missing codes (未作答, 未显示): read as missing, as PSPP reads them. */
  missing: readonly number[];
}

export interface Catalogue {
  /** The definition's and the codes' fingerprint: columns decoded under another are read again. */
  signature: string;
  layout: ExportLayout;
  sav: SavLayout;
  variables: CatalogueVariable[];
  sets: AnalysisSet[];
  byName: ReadonlyMap<string, CatalogueVariable>;
  setByName: ReadonlyMap<string, AnalysisSet>;
}

const multipleTypes = new Set(["multiple", "imageMultiple", "voteMultiple"]);
// Identifiers, not measurements: an analysis of them means nothing.
const identifiers = new Set(["seq", "response_id"]);

/**
 * The points of a rating or matrix-scale question. The .sav labels only those the designer captioned (a
 * 量表's two ends, often), but every point is a category for cross-tabs, groups and reverse scoring.
 */
function scalePoints(question: Question): AnalysisValueLabel[] {
  const scale = scaleCategories(question);
  return scale ? scale.values.map((value) => ({ value, label: scale.label(value) })) : [];
}

/** The definition's fingerprint: a column decoded under another definition is read again. */
export function definitionSignature(definition: SurveyDefinition): string {
  return createHash("sha1").update(JSON.stringify(definition)).digest("base64");
}

/** The question behind a variable name: Q<题号> or Q<题号>_<item>. */
function questionNumberOf(name: string): number | null {
  const match = /^Q(\d+)(?:_|$)/.exec(name);
  return match ? Number(match[1]) : null;
}

/**
 * The analysis variables of a definition: the numeric variables of its SPSS export (same names, labels, codes
 * and missing values; not the identifiers and the submit time), the exam score and the answering time, and
 * each multi-select question as a set of its 0/1 variables.
 */
export function analysisCatalogue(
  definition: SurveyDefinition,
  coded: { codes: readonly ExportCode[]; signature: string } = { codes: [], signature: "" },
): Catalogue {
  const layout = exportLayout(definition, null, { codes: coded.codes });
  const codeQuestions = new Map(layout.codes.map((code) => [code.variable, code.questionId]));
  const sav = savLayout(layout);
  const byNumber = new Map(layout.questions.map((q) => [q.number, q.questionId]));
  const variables: CatalogueVariable[] = [];
  sav.variables.forEach((v, index) => {
    if (v.width > 0 || v.format === "datetime" || identifiers.has(v.name)) return;
    const number = questionNumberOf(v.name);
    const questionId = codeQuestions.get(v.name) ?? (number === null ? "" : (byNumber.get(number) ?? ""));
    const missing = v.missing ?? [];
    const question = layout.latest.get(questionId);
    const points = question ? scalePoints(question) : [];
    const labelled = (v.valueLabels ?? [])
      .filter(([value]) => !missing.includes(value))
      .map(([value, label]) => ({ value, label }));
    variables.push({
      name: v.name,
      label: v.label,
      questionId,
      measure: v.measure,
      values: points.length > 0 ? points : labelled,
      index,
      missing,
    });
  });
  const sets: AnalysisSet[] = [];
  for (const question of layout.latest.values()) {
    if (!multipleTypes.has(question.type)) continue;
    const members = variables.filter((v) => v.questionId === question.id).map((v) => v.name);
    const options = getQuestionType(question.type)?.options?.(question.config) ?? [];
    sets.push({
      name: question.id,
      label: columnTitle(question),
      questionId: question.id,
      members,
      categories: options.map((o, i) => ({ value: i + 1, label: plain(o.label) })),
    });
  }
  return {
    signature: `${definitionSignature(definition)}:${coded.signature}`,
    layout,
    sav,
    variables,
    sets,
    byName: new Map(variables.map((v) => [v.name, v])),
    setByName: new Map(sets.map((s) => [s.name, s])),
  };
}

/** `statistics/getAnalysisVariables`: what the analysis area offers to choose. */
export async function getAnalysisVariables(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<AnalysisVariablesResult> {
  const { definition } = await analysisScope(ctx, viewer, id, "view");
  const { variables, sets } = analysisCatalogue(definition, await exportCodes(ctx.db, id, definition));
  return {
    variables: variables.map(({ name, label, questionId, measure, values }) => ({
      name,
      label,
      questionId,
      measure,
      values,
    })),
    sets,
  };
}
