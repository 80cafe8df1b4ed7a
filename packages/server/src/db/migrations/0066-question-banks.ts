import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/** 题库: a user's banks and their questions (a core Question as JSON, with tags and a difficulty 1-3). */
export function questionBanksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("question_banks"), dialect)
        .addColumn("owner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("name", "varchar(100)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("question_banks_owner").on("question_banks").column("owner_id").execute();
      await withId(db.schema.createTable("bank_questions"), dialect)
        .addColumn("bank_id", "integer", (c) =>
          c.notNull().references("question_banks.id").onDelete("cascade"),
        )
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("question", "text", (c) => c.notNull())
        .addColumn("tags", "text", (c) => c.notNull())
        .addColumn("difficulty", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("bank_questions_bank")
        .on("bank_questions")
        .columns(["bank_id", "position"])
        .execute();
    },
  };
}
