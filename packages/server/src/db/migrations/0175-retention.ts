import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 答卷保留期限 (issue #36): when a questionnaire last stopped collecting (null while it collects, and for ones
 * stopped before this), what retention did to a response (erased_as "deleted" or "anonymised", and when), and
 * each run of it as a report for the owner.
 */
export function retentionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").addColumn("stopped_at", "varchar(32)").execute();
      await db.schema.alterTable("responses").addColumn("erased_as", "varchar(16)").execute();
      await db.schema.alterTable("responses").addColumn("erased_at", "varchar(32)").execute();
      await withId(db.schema.createTable("retention_runs"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("action", "varchar(16)", (c) => c.notNull())
        /** Responses submitted until then were due. */
        .addColumn("cutoff", "varchar(32)", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("started_at", "varchar(32)", (c) => c.notNull())
        .addColumn("finished_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("retention_runs_questionnaire")
        .on("retention_runs")
        .column("questionnaire_id")
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("retention_runs").execute();
      await db.schema.alterTable("responses").dropColumn("erased_at").execute();
      await db.schema.alterTable("responses").dropColumn("erased_as").execute();
      await db.schema.alterTable("questionnaires").dropColumn("stopped_at").execute();
    },
  };
}
