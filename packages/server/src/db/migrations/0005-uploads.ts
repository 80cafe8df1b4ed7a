import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

export function uploadsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("uploads"), dialect)
        .addColumn("path", "varchar(200)", (c) => c.notNull().unique())
        .addColumn("original_name", "varchar(255)", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("mime", "varchar(100)", (c) => c.notNull())
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("answer_session", "varchar(64)", (c) => c.notNull())
        .addColumn("user_id", "integer")
        .addColumn("response_id", "integer")
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("uploads_session_idx")
        .on("uploads")
        .columns(["questionnaire_id", "question_id", "answer_session"])
        .execute();
    },
  };
}
