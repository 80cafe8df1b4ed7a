import type { ExportFilter, FactPredicate, ResultsFilter } from "@wjgj/core";
import type { Db } from "../../../db/index.ts";
import { RevisionQuestions, responseBatches } from "../../exports/rows.ts";
import type { Catalogue, CatalogueVariable } from "./variables.ts";

/**
 * The requested variables' values over the filtered valid responses, one column per variable in response-id
 * order (as the .sav lists its cases). Missing is NaN — system-missing, and the user-missing codes 未作答 /
 * 未显示 that the .sav declares — which core's statistics drop as they drop null.
 */
export interface AnalysisColumns {
  /** Responses in the filter. */
  responses: number;
  columns: ReadonlyMap<string, number[]>;
}

/** The statistics filter as the export's reader takes it (the same dates, source and answer condition). */
function exportFilterOf(filter: ResultsFilter): ExportFilter {
  return {
    ...(filter.dateFrom ? { startDate: filter.dateFrom } : {}),
    ...(filter.dateTo ? { endDate: filter.dateTo } : {}),
    ...(filter.source ? { sources: [filter.source] } : {}),
  };
}

/**
 * Reads through the SPSS export's own batches and value mapping (`savLayout(…).values`), so every code and
 * missing value is the one the .sav holds. Only the requested columns are kept: memory grows with them and the
 * number of responses, not with the questionnaire's width.
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
