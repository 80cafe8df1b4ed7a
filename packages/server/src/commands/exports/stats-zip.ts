import fs from "node:fs/promises";
import type { ExportFilter, ExportKind, FactPredicate, Question } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import type { Storage } from "../../storage/index.ts";
import { serialsInIdOrder } from "../results/serials.ts";
import { rFiles } from "./r-export.ts";
import { RevisionQuestions, responseBatches, serialOf } from "./rows.ts";
import type { SavLayout } from "./sav-variables.ts";
import { csvSink } from "./sinks.ts";
import { stataFiles } from "./stata-export.ts";
import { type ScriptFile, type StatsVariable, statsRow, statsVariables } from "./stats-data.ts";
import { zipWriter } from "./zip.ts";

/** What writeStatsZip needs of the export request (write-file.ts's ExportRequest has it). */
export interface StatsZipRequest {
  questionnaireId: number;
  kind: ExportKind;
  filter: ExportFilter | null;
  filePath: string;
  storage: Storage;
  /** Personal questions whose answers come out masked (`ExportLayout.masked`). */
  mask?: ReadonlyMap<string, Question>;
  signal?: AbortSignal | undefined;
  onProgress?: ((rows: number, total: number) => Promise<void>) | undefined;
}

const scripts: Partial<Record<ExportKind, (title: string, variables: StatsVariable[]) => ScriptFile[]>> = {
  r: rFiles,
  stata: stataFiles,
};

export function isStatsKind(kind: ExportKind): boolean {
  return scripts[kind] !== undefined;
}

/**
 * The R and Stata exports: data.csv is written to a scratch file beside the archive as the responses are
 * read (memory stays flat; progress counts this pass), then packed with the script and README.txt.
 */
export async function writeStatsZip(
  db: Db,
  request: StatsZipRequest,
  title: string,
  sav: SavLayout,
  predicate: FactPredicate | null,
  total: number,
): Promise<{ rows: number }> {
  const { questionnaireId, filter, signal } = request;
  const files = scripts[request.kind];
  if (!files) throw new Error(`not a statistics export: ${request.kind}`);
  const variables = statsVariables(sav.variables);
  const revisions = new RevisionQuestions(db);
  const csvPath = `${request.filePath}.csv`;
  let rowsRead = 0;
  try {
    const sink = csvSink(
      csvPath,
      variables.map((v) => v.name),
      { bom: false },
    );
    try {
      for await (const batch of responseBatches(db, questionnaireId, filter, {
        withLabels: false,
        predicate,
        ...(request.mask ? { mask: request.mask } : {}),
        serials: serialsInIdOrder(db, questionnaireId),
      })) {
        signal?.throwIfAborted();
        await revisions.load(batch.map((r) => r.revisionId));
        for (const response of batch) {
          rowsRead += 1;
          sink.add(
            statsRow(variables, sav.values(response, serialOf(response), revisions.of(response.revisionId))),
          );
        }
        await sink.drain();
        await request.onProgress?.(rowsRead, total);
      }
      await sink.close();
    } catch (error) {
      await sink.abort();
      throw error;
    }
    signal?.throwIfAborted();
    const zip = await zipWriter(request.filePath, { db, storage: request.storage });
    try {
      await zip.add({ name: "data.csv", path: csvPath });
      for (const file of files(title, variables)) await zip.add(file);
      await zip.close();
    } catch (error) {
      await zip.abort();
      throw error;
    }
  } finally {
    await fs.rm(csvPath, { force: true });
  }
  return { rows: rowsRead };
}
