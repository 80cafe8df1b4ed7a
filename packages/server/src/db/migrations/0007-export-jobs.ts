import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

export function exportJobsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("export_jobs"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("kind", "varchar(8)", (c) => c.notNull())
        .addColumn("filter", "text")
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("progress", "integer", (c) => c.notNull())
        .addColumn("rows", "integer", (c) => c.notNull())
        .addColumn("file_name", "varchar(255)", (c) => c.notNull())
        .addColumn("file_key", "varchar(100)")
        .addColumn("file_size", "integer", (c) => c.notNull())
        .addColumn("error", "varchar(500)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("finished_at", "varchar(32)")
        .addColumn("expires_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("export_jobs_questionnaire_idx")
        .on("export_jobs")
        .columns(["questionnaire_id", "id"])
        .execute();
      await db.schema.createIndex("export_jobs_status_idx").on("export_jobs").columns(["status"]).execute();
      // Exports read one questionnaire's responses in id order, a batch at a time (keyset paging); without
      // this index every batch would walk the whole table in a database holding many questionnaires.
      await db.schema
        .createIndex("responses_questionnaire_id_idx")
        .on("responses")
        .columns(["questionnaire_id", "id"])
        .execute();
    },
  };
}
