import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import { type ExportFilter, exportRetentionDays, type MessageKey, messages } from "@wjgj/core";
import type { FastifyBaseLogger } from "fastify";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import type { ExportJobRow } from "../../db/tables/export-jobs.ts";
import { AppError } from "../../errors.ts";
import type { JobHandler, JobRun, StopReason } from "../../jobs/worker.ts";
import { fileLinks } from "./file-links.ts";
import { writeExportFile } from "./write-file.ts";

/** The shared queue's job kind for exports, and the key of one export's job. */
export const EXPORT_JOB = "export";
export const exportJobKey = (exportJobId: number) => `export:${exportJobId}`;

/** An export file's key in storage. */
export function exportStorageKey(fileKey: string): string {
  return `exports/${fileKey}`;
}

/**
 * The same for every run of one export: a run restarted after a crash or takeover overwrites its own
 * file instead of leaving an orphan beside it. Downloads check the owner, so the name needs no secret.
 */
export function exportFileKey(job: Pick<ExportJobRow, "id" | "createdAt" | "kind">): string {
  const digest = createHash("sha256").update(`${job.id}:${job.createdAt}`).digest("hex").slice(0, 20);
  return `${job.id}-${digest}.${job.kind}`;
}

/** Progress is written to the job at most once per this many rows (the page polls every 1.5 s anyway). */
export const PROGRESS_EVERY_ROWS = 1000;

/** What a job does with the exporter's progress reports: keeps its row's progress and row count current. */
export function progressRecorder(db: Db, jobId: number) {
  let recorded = 0;
  return async (written: number, total: number): Promise<void> => {
    if (written - recorded < PROGRESS_EVERY_ROWS && written < total) return;
    recorded = written;
    const progress = total === 0 ? 0 : Math.min(99, Math.floor((written * 100) / total));
    await db.updateTable("export_jobs").set({ progress, rows: written }).where("id", "=", jobId).execute();
  };
}

function failureMessage(error: unknown): string {
  if (error instanceof AppError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  const key: MessageKey =
    typeof code === "string" && /^E[A-Z]+$/.test(code) ? "exportStorageFailed" : "exportFailed";
  return messages[key];
}

const exportIdOf = (run: JobRun) => (run.payload as { exportJobId: number }).exportJobId;

/**
 * Writes one export file as a job of the shared queue. Every step may be repeated: a run starts from
 * scratch, writes under the export's own file key and marks the row done only while it still exists.
 * A user-facing failure (nothing to pack, a bad condition) is final; anything else is retried.
 */
export function exportJobHandler(ctx: AppContext, log: FastifyBaseLogger): JobHandler {
  const { db, clock, storage } = ctx;
  const backToQueue = (id: number) =>
    db
      .updateTable("export_jobs")
      .set({ status: "queued", progress: 0, rows: 0 })
      .where("id", "=", id)
      .where("status", "=", "running")
      .execute();
  return {
    async run(run) {
      const started = await db
        .updateTable("export_jobs")
        .set({ status: "running", progress: 0, rows: 0 })
        .where("id", "=", exportIdOf(run))
        .where("status", "in", ["queued", "running"])
        .returningAll()
        .executeTakeFirst();
      // Deleted by its owner, or finished by a run whose completion this one repeats.
      if (!started) return;
      const fileKey = exportFileKey(started);
      const key = exportStorageKey(fileKey);
      // Written to a scratch file and moved in (durably, on local disk) before the job says "done": a file
      // reported ready survives a power cut, and a half-written one never carries the final name.
      let partPath: string | null = null;
      try {
        partPath = await storage.scratchFile(key);
        const { rows } = await writeExportFile(db, {
          questionnaireId: started.questionnaireId,
          kind: started.kind,
          filter: started.filter === null ? null : (JSON.parse(started.filter) as ExportFilter),
          hidePersonal: started.hidePersonal === 1,
          filePath: partPath,
          storage,
          links: fileLinks(ctx, {
            questionnaireId: started.questionnaireId,
            userId: started.userId,
            origin: (run.payload as { origin?: string }).origin ?? ctx.config.siteUrl ?? "",
          }),
          signal: run.signal,
          onProgress: progressRecorder(db, started.id),
          dialect: ctx.dialect,
          now: clock.now(),
        });
        const { size } = await fs.stat(partPath);
        await storage.putFile(key, partPath);
        const now = clock.now();
        const done = await db
          .updateTable("export_jobs")
          .set({
            status: "done",
            progress: 100,
            rows,
            fileKey,
            fileSize: size,
            finishedAt: iso(now),
            expiresAt: iso(addSeconds(now, exportRetentionDays * 86_400)),
          })
          .where("id", "=", started.id)
          .executeTakeFirst();
        // Its owner deleted it while the file was being written (on another instance, too).
        if (Number(done.numUpdatedRows) === 0) await storage.remove(key);
      } catch (error) {
        // The folder itself may be what failed; a leftover partial file is worse than a failed removal.
        if (partPath) await fs.rm(partPath, { force: true }).catch(() => {});
        const reason = run.signal.aborted ? (run.signal.reason as StopReason) : undefined;
        // Not when the job was lost: the instance that took it over writes this same key.
        if (!reason) await storage.remove(key).catch(() => {});
        // Handed back to the queue: the page shows it waiting until an instance picks it up.
        if (reason === "shutdown") await backToQueue(started.id);
        if (reason || !(error instanceof AppError)) {
          if (!reason) await backToQueue(started.id);
          throw error;
        }
        await recordFailure(db, started.id, clock.now(), error.message);
      }
    },
    async giveUp(run, error) {
      if (!(error instanceof AppError))
        log.error({ err: error, jobId: exportIdOf(run) }, "export job failed");
      await recordFailure(db, exportIdOf(run), clock.now(), failureMessage(error)).catch((cause: unknown) =>
        log.error({ err: cause, jobId: exportIdOf(run) }, "recording a failed export failed"),
      );
    },
  };
}

async function recordFailure(db: Db, id: number, now: Date, error: string): Promise<void> {
  await db
    .updateTable("export_jobs")
    .set({ status: "failed", error, finishedAt: iso(now) })
    .where("id", "=", id)
    .execute();
}
