import type { ExportFilter, FactPredicate, ResultsFilter } from "@wjgj/core";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/index.ts";
import { RevisionQuestions, responseBatches } from "../../exports/rows.ts";
import { IndexPreparingError, resultsIndex } from "../fact-bitset-cache.ts";
import { responseSet } from "../fact-bitset-query.ts";
import type { FactBitsets } from "../fact-bitsets.ts";
import { type AnalysisColumns, analysisColumnCache } from "./column-cache.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

export type { AnalysisColumns };

const none: ArrayLike<number> = [];

/** A variable's column (empty when not read). */
export function columnOf(data: AnalysisColumns, name: string): ArrayLike<number> {
  return data.columns.get(name) ?? none;
}

/**
 * Each value's place among `codes` (-1 when it is none of them: missing, or another code). Codes are small
 * whole numbers (1…k): then a table indexed by the value, in one tight loop, rather than a hash lookup per
 * response.
 */
export function categorize(column: ArrayLike<number>, codes: readonly number[]): Int32Array {
  const out = new Int32Array(column.length);
  if (!codes.every((c) => Number.isInteger(c) && c >= 0 && c < 4096)) {
    const at = new Map(codes.map((code, k) => [code, k]));
    for (let i = 0; i < column.length; i++) out[i] = at.get(column[i] as number) ?? -1;
    return out;
  }
  const table = new Int32Array(Math.max(0, ...codes) + 1).fill(-1);
  codes.forEach((code, k) => {
    table[code] = k;
  });
  const size = table.length;
  for (let i = 0; i < column.length; i++) {
    const v = column[i] as number;
    // NaN, fractions and out-of-range values fail the comparison or the whole-number test.
    out[i] = v >= 0 && v < size && v === Math.floor(v) ? (table[v] as number) : -1;
  }
  return out;
}

/** A variable's column as an array, for core's methods that take arrays. */
export function arrayOf(data: AnalysisColumns, name: string): number[] {
  return Array.from(columnOf(data, name));
}

/** The statistics filter as the export's reader takes it (the same dates, source and answer condition). */
function exportFilterOf(filter: ResultsFilter): ExportFilter {
  return {
    ...(filter.dateFrom ? { startDate: filter.dateFrom } : {}),
    ...(filter.dateTo ? { endDate: filter.dateTo } : {}),
    ...(filter.source ? { sources: [filter.source] } : {}),
    ...(filter.review ? { review: filter.review } : {}),
  };
}

/**
 * The variables' values over the filtered valid responses: selected from the decoded columns kept per
 * questionnaire (column-cache.ts) by the results index's bitset of the filter, as statistics and 交叉分析
 * filter. While that index is still being prepared for a large questionnaire (it then builds in the
 * background), read from the rows as before rather than keep the researcher waiting for it.
 */
export async function analysisColumns(
  ctx: AppContext,
  questionnaireId: number,
  catalogue: Catalogue,
  filter: ResultsFilter,
  predicate: FactPredicate | null,
  variables: readonly CatalogueVariable[],
): Promise<AnalysisColumns> {
  const { db, dialect } = ctx;
  let index: FactBitsets;
  try {
    index = await resultsIndex(ctx).ready(db, dialect, questionnaireId);
  } catch (error) {
    if (error instanceof IndexPreparingError)
      return readColumns(db, questionnaireId, catalogue, filter, predicate, variables);
    throw error;
  }
  const set = await responseSet({ db, dialect, questionnaireId, index }, filter, predicate);
  return analysisColumnCache(db).select(
    db,
    questionnaireId,
    catalogue,
    catalogue.signature,
    index,
    set,
    variables,
  );
}

/**
 * Rows read and decoded for one request (the path the column cache replaces, kept for an index still being
 * prepared and as the benchmark's baseline). Reads through the SPSS export's own batches and value mapping
 * (`savLayout(…).values`), so every code and missing value is the one the .sav holds. Only the requested
 * columns are kept: memory grows with them and the number of responses, not with the questionnaire's width.
 */
export async function readColumns(
  db: Db,
  questionnaireId: number,
  catalogue: Catalogue,
  filter: ResultsFilter,
  predicate: FactPredicate | null,
  variables: readonly CatalogueVariable[],
): Promise<AnalysisColumns> {
  const wanted = [...new Map(variables.map((v) => [v.name, v])).values()];
  const columns = wanted.map((): number[] => []);
  const revisions = new RevisionQuestions(db);
  let responses = 0;
  for await (const batch of responseBatches(db, questionnaireId, exportFilterOf(filter), {
    withLabels: false,
    predicate,
  })) {
    await revisions.load(batch.map((r) => r.revisionId));
    for (const response of batch) {
      const values = catalogue.sav.values(response, ++responses, revisions.of(response.revisionId));
      wanted.forEach((variable, k) => {
        const value = values[variable.index];
        const missing = typeof value !== "number" || variable.missing.includes(value);
        (columns[k] as number[]).push(missing ? Number.NaN : value);
      });
    }
  }
  return { responses, columns: new Map(wanted.map((v, k) => [v.name, columns[k] as number[]])) };
}

/** Whether a value read by `readColumns` is present. */
export function present(value: number | undefined): value is number {
  return value !== undefined && !Number.isNaN(value);
}
