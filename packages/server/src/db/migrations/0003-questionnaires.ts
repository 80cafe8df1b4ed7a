import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

export function questionnairesMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("questionnaires"), dialect)
        .addColumn("public_id", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("title", "varchar(200)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("category_id", "varchar(32)", (c) => c.notNull().defaultTo(""))
        .addColumn("draft", "text", (c) => c.notNull())
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("published_version", "integer")
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("question_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("response_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addColumn("published_at", "varchar(32)")
        .addColumn("deleted_at", "varchar(32)")
        .execute();
      await db.schema
        .createIndex("questionnaires_owner_idx")
        .on("questionnaires")
        .columns(["owner_id", "deleted_at", "updated_at"])
        .execute();

      await withId(db.schema.createTable("questionnaire_revisions"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("version", "integer", (c) => c.notNull())
        .addColumn("definition", "text", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("questionnaire_revisions_version_uq", ["questionnaire_id", "version"])
        .execute();
    },
  };
}
