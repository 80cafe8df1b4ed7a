import type { Readable } from "node:stream";
import { type ExportFilter, type ExportKind, exportFileTexts } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { ExportJobRow } from "../../db/tables/export-jobs.ts";
import { ConflictError, NotFoundError, TooManyRequestsError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { recordActivity } from "../teams/activity.ts";
import { safeName } from "./cells.ts";
import { type ExportRunner, exportStorageKey } from "./runner.ts";
import { exportPredicate, latestDefinition } from "./write-file.ts";

/** Jobs of one questionnaire that may wait or run at once; more would only queue behind each other. */
export const MAX_ACTIVE_JOBS = 3;

const suffixes: Record<ExportKind, string> = {
  xlsx: `${exportFileTexts.responsesFile}.xlsx`,
  csv: `${exportFileTexts.responsesFile}.csv`,
  zip: `${exportFileTexts.uploadsFile}.zip`,
};

export const contentTypes: Record<ExportKind, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  zip: "application/zip",
};

/** `<问卷标题>_答卷数据.xlsx`, with the title made safe as a file name. */
export function downloadName(title: string, kind: ExportKind): string {
  return `${safeName(title, exportFileTexts.untitled, 80)}${suffixes[kind]}`;
}

/** `export/createExport`: queues a job for the owner's published questionnaire. */
export async function createExportJob(
  ctx: AppContext,
  runner: ExportRunner,
  viewer: Viewer,
  input: { questionnaireId: number; kind: ExportKind; filter?: ExportFilter | undefined },
): Promise<ExportJobRow> {
  const questionnaire = await loadQuestionnaire(ctx.db, viewer, input.questionnaireId, "export", "any");
  if (questionnaire.publishedVersion === null) throw new ConflictError("exportNotPublished");
  // A condition that cannot run is refused now, not as a failed job later.
  if (input.filter?.condition)
    exportPredicate(await latestDefinition(ctx.db, questionnaire.id), input.filter);
  const active = await ctx.db
    .selectFrom("export_jobs")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", questionnaire.id)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(active?.count ?? 0) >= MAX_ACTIVE_JOBS) throw new TooManyRequestsError("exportTooMany");
  const job = await ctx.db
    .insertInto("export_jobs")
    .values({
      questionnaireId: questionnaire.id,
      userId: viewer.user.id,
      kind: input.kind,
      filter: input.filter ? JSON.stringify(input.filter) : null,
      status: "queued",
      progress: 0,
      rows: 0,
      fileName: downloadName(questionnaire.title, input.kind),
      fileKey: null,
      fileSize: 0,
      error: "",
      createdAt: iso(ctx.clock.now()),
      finishedAt: null,
      expiresAt: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordActivity(ctx.db, ctx.clock.now(), {
    questionnaireId: questionnaire.id,
    actorId: viewer.user.id,
    action: "export",
    detail: input.kind,
  });
  runner.enqueue(job.id);
  return job;
}

/** `export/getExportList`: this questionnaire's jobs, newest first. */
export async function listExportJobs(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<ExportJobRow[]> {
  const questionnaire = await loadQuestionnaire(ctx.db, viewer, questionnaireId, "export", "any");
  return ctx.db
    .selectFrom("export_jobs")
    .selectAll()
    .where("questionnaireId", "=", questionnaire.id)
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}

/** A job of this questionnaire (never of another one, whatever id is passed), for its owner. */
async function findJob(ctx: AppContext, viewer: Viewer, questionnaireId: number, id: number) {
  const questionnaire = await loadQuestionnaire(ctx.db, viewer, questionnaireId, "export", "any");
  const job = await ctx.db
    .selectFrom("export_jobs")
    .selectAll()
    .where("id", "=", id)
    .where("questionnaireId", "=", questionnaire.id)
    .executeTakeFirst();
  if (!job) throw new NotFoundError("exportNotFound");
  return job;
}

export interface ExportDownload {
  body: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

/** `export/downloadExport`: the finished, unexpired file of a job. */
export async function openExportDownload(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  id: number,
): Promise<ExportDownload> {
  const job = await findJob(ctx, viewer, questionnaireId, id);
  if (job.status === "expired" || (job.expiresAt !== null && job.expiresAt <= iso(ctx.clock.now())))
    throw new NotFoundError("exportExpired");
  if (job.status !== "done" || job.fileKey === null) throw new ConflictError("exportNotReady");
  const object = await ctx.storage.open(exportStorageKey(job.fileKey));
  if (!object) throw new NotFoundError("exportFileMissing");
  return {
    body: object.body,
    size: object.size,
    fileName: job.fileName,
    contentType: contentTypes[job.kind],
  };
}

/** `export/deleteExport`: stops the job if it still runs, then removes it and its file. */
export async function deleteExportJob(
  ctx: AppContext,
  runner: ExportRunner,
  viewer: Viewer,
  questionnaireId: number,
  id: number,
): Promise<void> {
  const job = await findJob(ctx, viewer, questionnaireId, id);
  await runner.cancel(job.id);
  // Read again: the job may have finished (and written its file) while it was being stopped.
  const removed = await ctx.db
    .deleteFrom("export_jobs")
    .where("id", "=", job.id)
    .returning("fileKey")
    .executeTakeFirst();
  if (removed?.fileKey) await ctx.storage.remove(exportStorageKey(removed.fileKey));
}
