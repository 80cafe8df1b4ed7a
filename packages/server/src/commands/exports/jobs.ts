import type { Readable } from "node:stream";
import {
  type ExportFilter,
  type ExportKind,
  exportFileTexts,
  exportKindNames,
  type SurveyDefinition,
  withoutPersonalData,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { ExportJobRow } from "../../db/tables/export-jobs.ts";
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import type { JobWorker } from "../../jobs/worker.ts";
import { allowOnQuestionnaire } from "../../policies/index.ts";
import { assertExportAttachments } from "../money/entitlements.ts";
import { loadQuestionnaireWithRole } from "../questionnaires/store.ts";
import { analysisError } from "../results/analysis/scope.ts";
import { recordActivity } from "../teams/activity.ts";
import { safeName } from "./cells.ts";
import { exportLayout } from "./rows.ts";
import { EXPORT_JOB, exportJobKey, exportStorageKey } from "./runner.ts";
import { isStatsKind } from "./stats-zip.ts";
import { exportPredicate, latestDefinition, statsLayout } from "./write-file.ts";

/** What a job may filter on: no personal-data question when the file is made without them. */
function exportLayoutDefinition(definition: SurveyDefinition, hidePersonal: boolean): SurveyDefinition {
  return hidePersonal ? withoutPersonalData(definition) : definition;
}

/** Jobs of one questionnaire that may wait or run at once; more would only queue behind each other. */
export const MAX_ACTIVE_JOBS = 3;

const suffixes: Record<ExportKind, string> = {
  xlsx: `${exportFileTexts.responsesFile}.xlsx`,
  csv: `${exportFileTexts.responsesFile}.csv`,
  zip: `${exportFileTexts.uploadsFile}.zip`,
  sav: `${exportFileTexts.spssFile}.sav`,
  r: `${exportFileTexts.rFile}.zip`,
  stata: `${exportFileTexts.stataFile}.zip`,
  docx: `${exportFileTexts.reportFile}.docx`,
  pdf: `${exportFileTexts.reportFile}.pdf`,
};

export const contentTypes: Record<ExportKind, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  zip: "application/zip",
  sav: "application/x-spss-sav",
  r: "application/zip",
  stata: "application/zip",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pdf: "application/pdf",
};

/** `<问卷标题>_答卷数据.xlsx`, with the title made safe as a file name. */
export function downloadName(title: string, kind: ExportKind): string {
  return `${safeName(title, exportFileTexts.untitled, 80)}${suffixes[kind]}`;
}

/**
 * `export/createExport`: queues a job for the owner's published questionnaire. `origin` is the site's
 * address as the caller reached it: the 下载链接 in the file point there (file-links.ts).
 */
export async function createExportJob(
  ctx: AppContext,
  worker: JobWorker,
  viewer: Viewer,
  input: { questionnaireId: number; kind: ExportKind; filter?: ExportFilter | undefined },
  origin = ctx.config.siteUrl ?? "",
): Promise<ExportJobRow> {
  const {
    row: questionnaire,
    role,
    hidePersonal,
  } = await loadQuestionnaireWithRole(ctx.db, viewer, input.questionnaireId, "export", "any");
  if (questionnaire.publishedVersion === null)
    throw new ConflictError("exportNotPublished", questionnaire.kind);
  // Personal information is masked in files unless asked for in full by someone who may 查看完整信息.
  const fullPersonal = input.filter?.fullPersonal === true;
  if (
    fullPersonal &&
    (hidePersonal ||
      !allowOnQuestionnaire(viewer, "revealPersonal", {
        ownerId: questionnaire.ownerId,
        memberRole: role === "owner" ? null : role,
      }))
  )
    throw new ForbiddenError("exportFullPersonalDenied");
  if (input.kind === "zip") await assertExportAttachments(ctx, questionnaire.ownerId);
  const { filter } = input;
  if (filter?.weighted && input.kind !== "sav" && !isStatsKind(input.kind))
    throw analysisError("filter.weighted", "weightingExportKind");
  // A condition that cannot run, or a weighting that does not fit the questions, is refused now, not as a
  // failed job later.
  if (filter?.condition || filter?.weighted) {
    const definition = await latestDefinition(ctx.db, questionnaire.id);
    if (filter.condition) exportPredicate(exportLayoutDefinition(definition, hidePersonal), filter);
    // 加权 rides on SPSS, R and Stata files only, and needs a saved weighting that still fits the questions.
    if (filter.weighted)
      await statsLayout(
        ctx.db,
        { questionnaireId: questionnaire.id, filter },
        definition,
        exportLayout(definition, filter, { hidePersonal }),
      );
  }
  const active = await ctx.db
    .selectFrom("export_jobs")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", questionnaire.id)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(active?.count ?? 0) >= MAX_ACTIVE_JOBS) throw new TooManyRequestsError("exportTooMany");
  // The export row and its queue entry appear together: a crash between them would leave it 排队中 forever.
  const job = await transaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto("export_jobs")
      .values({
        questionnaireId: questionnaire.id,
        userId: viewer.user.id,
        kind: input.kind,
        filter: input.filter ? JSON.stringify(input.filter) : null,
        hidePersonal: hidePersonal ? 1 : 0,
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
    await enqueueJob(trx, ctx.clock.now(), {
      kind: EXPORT_JOB,
      key: exportJobKey(row.id),
      payload: { exportJobId: row.id, origin },
      maxAttempts: ctx.config.jobs.maxAttempts,
    });
    // The 动态 line names the file in Chinese, and exists only if the export does.
    await recordActivity(trx, ctx.clock.now(), {
      questionnaireId: questionnaire.id,
      actorId: viewer.user.id,
      action: "export",
      detail: exportKindNames[input.kind],
    });
    // A file with personal information in full is a reveal of every response in it: logged as one.
    if (fullPersonal && !hidePersonal)
      await recordActivity(trx, ctx.clock.now(), {
        questionnaireId: questionnaire.id,
        actorId: viewer.user.id,
        action: "exportFullPersonal",
        detail: exportKindNames[input.kind],
      });
    return row;
  });
  worker.kick();
  return job;
}

/** `export/getExportList`: this questionnaire's jobs, newest first. */
export async function listExportJobs(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<ExportJobRow[]> {
  const { row: questionnaire, hidePersonal } = await loadQuestionnaireWithRole(
    ctx.db,
    viewer,
    questionnaireId,
    "export",
    "any",
  );
  // A member who may not see personal data sees only files made without it.
  return ctx.db
    .selectFrom("export_jobs")
    .selectAll()
    .where("questionnaireId", "=", questionnaire.id)
    .$if(hidePersonal, (query) => query.where("hidePersonal", "=", 1))
    .orderBy("id", "desc")
    .limit(100)
    .execute();
}

/** A job of this questionnaire (never of another one, whatever id is passed), for its owner. */
export async function findExportJob(ctx: AppContext, viewer: Viewer, questionnaireId: number, id: number) {
  const { row: questionnaire, hidePersonal } = await loadQuestionnaireWithRole(
    ctx.db,
    viewer,
    questionnaireId,
    "export",
    "any",
  );
  const job = await ctx.db
    .selectFrom("export_jobs")
    .selectAll()
    .where("id", "=", id)
    .where("questionnaireId", "=", questionnaire.id)
    .$if(hidePersonal, (query) => query.where("hidePersonal", "=", 1))
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
  const job = await findExportJob(ctx, viewer, questionnaireId, id);
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
  worker: JobWorker,
  viewer: Viewer,
  questionnaireId: number,
  id: number,
): Promise<void> {
  const job = await findExportJob(ctx, viewer, questionnaireId, id);
  await worker.cancel(exportJobKey(job.id));
  // Read again: the job may have finished (and written its file) while it was being stopped.
  const removed = await ctx.db
    .deleteFrom("export_jobs")
    .where("id", "=", job.id)
    .returning("fileKey")
    .executeTakeFirst();
  if (removed?.fileKey) await ctx.storage.remove(exportStorageKey(removed.fileKey));
}
