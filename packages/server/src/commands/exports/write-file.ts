import {
  definitionSchema,
  type ExportFilter,
  type ExportKind,
  type Question,
  type SurveyDefinition,
} from "@wjgj/core";
import type { Db, DialectName } from "../../db/index.ts";
import { AppError, ConflictError } from "../../errors.ts";
import type { Storage } from "../../storage/index.ts";
import { readSettings } from "../questionnaires/store.ts";
import { writeReport } from "../reports/write-report.ts";
import { analysisError } from "../results/analysis/scope.ts";
import { weightingForExport } from "../results/analysis/weighting.ts";
import { planOrRefuse } from "../results/filter.ts";
import { serialsInIdOrder } from "../results/serials.ts";
import { exportCodes } from "../results/text/codes.ts";
import { drawnColumns } from "./drawn.ts";
import type { FileLinks } from "./file-links.ts";
import {
  countResponses,
  type ExportLayout,
  exportLayout,
  RevisionQuestions,
  responseBatches,
  serialOf,
} from "./rows.ts";
import { savSink, savSpool } from "./sav.ts";
import { measureStrings, type SavLayout, savLayout, weightedLayout } from "./sav-variables.ts";
import { isStatsKind, writeStatsZip } from "./stats-zip.ts";
import { writeSpreadsheet } from "./write-rows.ts";
import { responseEntries, zipWriter } from "./zip.ts";

export interface ExportRequest {
  questionnaireId: number;
  kind: ExportKind;
  filter: ExportFilter | null;
  /** Made for a member who may not see personal data: the file holds none. */
  hidePersonal?: boolean;
  /** Personal questions whose answers the file shows masked (set from the layout; see `ExportLayout.masked`). */
  mask?: ReadonlyMap<string, Question>;
  /** Where the file is written (the caller picks a random name and removes it on failure). */
  filePath: string;
  /** Where uploads are read from, for zips. */
  storage: Storage;
  /** Makes the 下载链接 of files in xlsx and csv (none without it). */
  links?: FileLinks;
  signal?: AbortSignal;
  /**
   * Where an xlsx export renders its rows (write-rows.ts): by default on a worker thread for large exports
   * once it has started. Tests set "always" (waiting for the thread, whatever the size) or "never".
   */
  rowThread?: "always" | "never";
  /** Called after every batch of responses with those written so far and the total selected. */
  onProgress?: (rows: number, total: number) => Promise<void>;
  /** 分析报告 (docx, pdf): the database's dialect (its statistics filter in SQL) and the time it is made at. */
  dialect?: DialectName;
  now?: Date;
}

/** Thrown when a zip would hold nothing: the job fails with a message saying so. */
export class NoFilesError extends AppError {
  constructor() {
    super(400, "exportNoFiles");
  }
}

/** The latest published definition: it gives the export its columns. */
export async function latestDefinition(db: Db, questionnaireId: number) {
  const row = await db
    .selectFrom("questionnaires")
    .innerJoin("questionnaire_revisions", (join) =>
      join
        .onRef("questionnaire_revisions.questionnaireId", "=", "questionnaires.id")
        .onRef("questionnaire_revisions.version", "=", "questionnaires.publishedVersion"),
    )
    .select("questionnaire_revisions.definition")
    .where("questionnaires.id", "=", questionnaireId)
    .executeTakeFirst();
  if (!row) throw new ConflictError("exportNotPublished");
  return definitionSchema.parse(JSON.parse(row.definition));
}

/**
 * Whether the questionnaire's setting is on, or was: some response has the column set (记录微信昵称头像 keeps a
 * WeChat nickname, issue #39; 提交后需审核 a review state, issue #41). Its export then has the columns.
 */
async function onOrWas(
  db: Db,
  questionnaireId: number,
  column: "responses.wechatProfile" | "responses.reviewState",
  setting: (settings: ReturnType<typeof readSettings>) => boolean,
): Promise<boolean> {
  const row = await db
    .selectFrom("questionnaires")
    .select((eb) => [
      "settings",
      eb
        .exists(
          eb
            .selectFrom("responses")
            .select("responses.id")
            .whereRef("responses.questionnaireId", "=", "questionnaires.id")
            .where(column, "is not", null),
        )
        .as("kept"),
    ])
    .where("id", "=", questionnaireId)
    .executeTakeFirst();
  return Boolean(row && (row.kept || setting(readSettings(row.settings))));
}

/** Some response came from an attempt of a listed candidate (考生名单, issue #40). */
async function hasCandidateAttempts(db: Db, questionnaireId: number): Promise<boolean> {
  const row = await db
    .selectFrom("exam_attempts")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where("candidateId", "is not", null)
    .where("responseId", "is not", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The filter's answer condition and 编码 planned as the statistics plan it (400 with a Chinese message when it
 * cannot run, e.g. after the questions it names were removed); null without a condition.
 */
export function exportPredicate(definition: SurveyDefinition, filter: ExportFilter | null) {
  return filter ? planOrRefuse(definition, { condition: filter.condition, codes: filter.codes }) : null;
}

/**
 * Writes one export file: the function a job runs (and the export bench measures). Responses are read
 * in keyset-paged batches and written as they come, so memory stays flat whatever their number.
 * Returns how many responses the file holds (for a zip: responses with at least one file).
 */
export async function writeExportFile(db: Db, request: ExportRequest): Promise<{ rows: number }> {
  const { questionnaireId, filter, signal } = request;
  const definition = await latestDefinition(db, questionnaireId);
  const { kind } = request;
  if (kind === "docx" || kind === "pdf")
    return writeReport(
      db,
      { ...request, kind, dialect: request.dialect ?? "sqlite", now: request.now ?? new Date() },
      definition,
    );
  // SPSS, R and Stata files hold the fixed questions only: 随机组卷 blocks and 下载链接 are spreadsheet columns.
  const tabular = request.kind === "xlsx" || request.kind === "csv";
  const drawn = tabular ? await drawnColumns(db, questionnaireId) : [];
  // 编码 codes ride on every file as 0/1 columns (统计分析 reads the same); a zip holds uploads only.
  const coded = request.kind === "zip" ? null : await exportCodes(db, questionnaireId, definition);
  const layout = exportLayout(definition, filter, {
    hidePersonal: request.hidePersonal === true,
    fullPersonal: filter?.fullPersonal === true,
    drawn,
    ...(!tabular || !request.links ? {} : { links: request.links }),
    ...(coded ? { codes: coded.codes } : {}),
    wechat:
      tabular && (await onOrWas(db, questionnaireId, "responses.wechatProfile", (s) => s.wechatProfile)),
    candidates: tabular && (await hasCandidateAttempts(db, questionnaireId)),
    review:
      tabular && (await onOrWas(db, questionnaireId, "responses.reviewState", (s) => s.review.required)),
  });
  const predicate = exportPredicate(definition, filter);
  const total = await countResponses(db, questionnaireId, filter, predicate);
  let rowsRead = 0;
  signal?.throwIfAborted();

  if (request.kind === "zip") {
    const zip = await zipWriter(request.filePath, { db, storage: request.storage });
    let rows = 0;
    let files = 0;
    try {
      for await (const batch of responseBatches(db, questionnaireId, filter, {
        withLabels: false,
        withSkipped: false,
        predicate,
        serials: serialsInIdOrder(db, questionnaireId),
      })) {
        signal?.throwIfAborted();
        rowsRead += batch.length;
        const entries = await responseEntries(db, request.storage, layout, batch);
        for (const entry of entries) await zip.add(entry);
        files += entries.length;
        rows += new Set(entries.map((e) => e.name.slice(0, e.name.indexOf("/")))).size;
        await request.onProgress?.(rowsRead, total);
      }
      if (files === 0) throw new NoFilesError();
      signal?.throwIfAborted();
      await zip.close();
    } catch (error) {
      await zip.abort();
      throw error;
    }
    return { rows };
  }

  const masking = { ...request, mask: layout.masked };
  if (request.kind === "sav")
    return writeSav(db, masking, await statsLayout(db, request, definition, layout), predicate, total);
  if (isStatsKind(request.kind))
    return writeStatsZip(
      db,
      masking,
      definition.title,
      await statsLayout(db, request, definition, layout),
      predicate,
      total,
    );

  // The xlsx worker thread builds the rows from the definition and these options alone: not for 随机组卷,
  // 编码 or 下载链接 columns (each needs the database or the server's key), nor when its columns would differ.
  const threadOptions = {
    hidePersonal: request.hidePersonal === true,
    fullPersonal: filter?.fullPersonal === true,
    wechat: layout.withWechat,
    candidates: layout.withCandidates,
    review: layout.withReview,
  };
  const threadable =
    request.kind === "xlsx" &&
    drawn.length === 0 &&
    layout.codes.length === 0 &&
    sameColumns(exportLayout(definition, filter, threadOptions).headers, layout.headers);
  return writeSpreadsheet(db, request, layout, {
    rowThread: threadable ? { definition, filter, options: threadOptions, headers: layout.headers } : null,
    withPapers: drawn.length > 0,
    predicate,
    total,
  });
}

function sameColumns(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((header, i) => header === b[i]);
}

/**
 * The SPSS variables of an SPSS, R or Stata file: the export's, and with `filter.weighted` the weight of
 * 统计分析's saved 加权 as a last variable (the .sav weighs its cases by it).
 */
export async function statsLayout(
  db: Db,
  request: Pick<ExportRequest, "questionnaireId" | "filter">,
  definition: SurveyDefinition,
  layout: ExportLayout,
): Promise<SavLayout> {
  const sav = savLayout(layout);
  if (!request.filter?.weighted) return sav;
  const weighting = await weightingForExport(db, request.questionnaireId, definition);
  const weighted = weightedLayout(sav, weighting);
  if (!weighted)
    throw analysisError("filter.weighted", "weightingExportHidden", {
      name: weighting.margins.find((name) => !sav.variables.some((v) => v.name === name)) ?? "",
    });
  return weighted;
}

/**
 * Responses per query of the .sav export: each case is spooled or written as soon as it is read (nothing
 * of a batch is kept), so larger batches than a spreadsheet's cost no memory and save queries.
 */
const SAV_BATCH = 1000;

/**
 * An SPSS file declares each string variable's width before its first case: the responses are read once,
 * each case's values spooled to a file beside the export while the longest text of each string variable is
 * measured, then the spool is written out with those widths (memory stays flat; progress counts the
 * reading). Without string variables the cases go straight into the file.
 */
async function writeSav(
  db: Db,
  request: ExportRequest,
  sav: SavLayout,
  predicate: ReturnType<typeof exportPredicate>,
  total: number,
): Promise<{ rows: number }> {
  const { questionnaireId, filter, signal } = request;
  const revisions = new RevisionQuestions(db);
  const spool = sav.strings.length > 0 ? await savSpool(`${request.filePath}.cases`, sav.variables) : null;
  const direct = spool ? null : await savSink(request.filePath, sav.variables, new Date(), sav.weight);
  let rowsRead = 0;
  try {
    for await (const batch of responseBatches(db, questionnaireId, filter, {
      withLabels: false,
      predicate,
      batchSize: SAV_BATCH,
      ...(request.mask ? { mask: request.mask } : {}),
      serials: serialsInIdOrder(db, questionnaireId),
    })) {
      signal?.throwIfAborted();
      await revisions.load(batch.map((r) => r.revisionId));
      for (const response of batch) {
        rowsRead += 1;
        const values = sav.values(response, serialOf(response), revisions.of(response.revisionId));
        if (spool) {
          measureStrings(sav, values);
          spool.add(values);
        } else direct?.add(values);
      }
      await (spool ?? direct)?.drain();
      await request.onProgress?.(rowsRead, total);
    }
    signal?.throwIfAborted();
    const sink = direct ?? (await savSink(request.filePath, sav.variables, new Date(), sav.weight));
    try {
      if (spool) await spool.replay(sink);
      await sink.close();
    } catch (error) {
      await sink.abort();
      throw error;
    }
  } catch (error) {
    await direct?.abort();
    throw error;
  } finally {
    await spool?.remove();
  }
  return { rows: rowsRead };
}
