import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { exportStorageKey } from "./runner.ts";

/** Finished and failed jobs stay listed this long (their files go after exportRetentionDays). */
const JOB_ROW_DAYS = 30;

/**
 * Retention of exports, run by the maintenance pruning: files past their expiry are deleted and their
 * jobs marked 已过期; job rows older than a month go altogether.
 */
export async function pruneExports(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
): Promise<{ exportFiles: number; exportJobs: number }> {
  const now = ctx.clock.now();
  const expired = await ctx.db
    .selectFrom("export_jobs")
    .select(["id", "fileKey"])
    .where("status", "=", "done")
    .where("expiresAt", "<=", iso(now))
    .execute();
  const oldRows = await ctx.db
    .selectFrom("export_jobs")
    .select(["id", "fileKey"])
    .where("status", "not in", ["queued", "running"])
    .where("createdAt", "<", iso(addSeconds(now, -JOB_ROW_DAYS * 86_400)))
    .execute();
  for (const job of [...expired, ...oldRows]) {
    if (job.fileKey) await ctx.storage.remove(exportStorageKey(job.fileKey));
  }
  if (expired.length > 0) {
    await ctx.db
      .updateTable("export_jobs")
      .set({ status: "expired", fileKey: null })
      .where(
        "id",
        "in",
        expired.map((job) => job.id),
      )
      .execute();
  }
  if (oldRows.length > 0) {
    await ctx.db
      .deleteFrom("export_jobs")
      .where(
        "id",
        "in",
        oldRows.map((job) => job.id),
      )
      .execute();
  }
  return { exportFiles: expired.length, exportJobs: oldRows.length };
}
