import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** Respondents' requests to delete their responses (issue #36): one per response, kept with how it was handled. */
export function erasureRequestsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("erasure_requests"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("response_id", "integer", (c) => c.notNull().unique())
        .addColumn("reason", "varchar(600)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("note", "varchar(300)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("handled_at", "varchar(32)")
        .addColumn("handled_by", "integer")
        .execute();
      await db.schema
        .createIndex("erasure_requests_questionnaire")
        .on("erasure_requests")
        .columns(["questionnaire_id", "status"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("erasure_requests").execute();
    },
  };
}
