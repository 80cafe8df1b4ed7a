import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 编码 of open answers (issue #35): a question's codes (类别) with their keywords, and the answers a researcher
 * tagged by hand — into a code, or out of it though a keyword matches. Kept by question id, so re-publishing
 * keeps them; gone with the questionnaire, the code or the response.
 */
export function textCodesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("text_codes"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("question_id", "varchar(64)", (c) => c.notNull())
        .addColumn("name", "varchar(40)", (c) => c.notNull())
        .addColumn("keywords", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("text_codes_question")
        .on("text_codes")
        .columns(["questionnaire_id", "question_id"])
        .execute();
      await db.schema
        .createTable("text_code_tags")
        .addColumn("code_id", "integer", (c) => c.notNull().references("text_codes.id").onDelete("cascade"))
        .addColumn("response_id", "integer", (c) =>
          c.notNull().references("responses.id").onDelete("cascade"),
        )
        .addColumn("included", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("text_code_tags_pk", ["code_id", "response_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("text_code_tags").execute();
      await db.schema.dropTable("text_codes").execute();
    },
  };
}
