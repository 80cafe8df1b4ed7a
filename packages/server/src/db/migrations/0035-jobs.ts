import { messages } from "@wjgj/core";
import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * One queue of background work shared by every instance (exports, maintenance, later webhooks): a row is
 * claimed with a lease (`locked_until`, renewed while it runs) and taken over by another instance once the
 * lease lapses. `key` makes an enqueue idempotent: a periodic job enqueued by every instance runs once.
 */
export function jobsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("jobs"), dialect)
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("key", "varchar(100)", (c) => c.notNull().unique())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("run_at", "varchar(32)", (c) => c.notNull())
        .addColumn("locked_until", "varchar(32)")
        .addColumn("locked_by", "varchar(64)")
        .addColumn("attempts", "integer", (c) => c.notNull())
        .addColumn("max_attempts", "integer", (c) => c.notNull())
        .addColumn("last_error", "varchar(500)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      // The claim looks for due queued jobs and lapsed leases, oldest first.
      await db.schema
        .createIndex("jobs_status_run_at_idx")
        .on("jobs")
        .columns(["status", "run_at"])
        .execute();
      // Exports an earlier version left waiting or running have no queue entry and would never finish (and
      // would count against the three a questionnaire may have): failed, as that version's restart did.
      await sql`update export_jobs set status = 'failed', error = ${messages.exportInterrupted}
        where status in ('queued', 'running')`.execute(db);
    },
  };
}
