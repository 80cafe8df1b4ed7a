import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 重新评分: one row per run the creator starts after a published edit. The job walks responses by id; `last_id`
 * (the last id done) moves in the same transaction as the scores it wrote, so a run taken over after a crash
 * neither repeats nor skips a batch, and `changed` counts each re-scored response once.
 */
export function examRescoresMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("exam_rescores"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("revision_id", "integer", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("total", "integer", (c) => c.notNull())
        .addColumn("done", "integer", (c) => c.notNull())
        .addColumn("changed", "integer", (c) => c.notNull())
        .addColumn("last_id", "integer", (c) => c.notNull())
        .addColumn("created_by", "integer", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("exam_rescores_questionnaire")
        .on("exam_rescores")
        .columns(["questionnaire_id", "id"])
        .execute();
    },
  };
}
