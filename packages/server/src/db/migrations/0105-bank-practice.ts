import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 题库刷题: a bank its owner shares for practice gets a public id (12 characters, so it never collides with a
 * questionnaire's 10-character one on /practice/{id}); null while not shared. Progress per bank and learner
 * mirrors practice_progress.
 */
export function bankPracticeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("question_banks").addColumn("practice_public_id", "varchar(16)").execute();
      await db.schema
        .createIndex("question_banks_practice_public_id")
        .on("question_banks")
        .column("practice_public_id")
        .unique()
        .execute();
      await withId(db.schema.createTable("bank_practice_progress"), dialect)
        .addColumn("bank_id", "integer", (c) =>
          c.notNull().references("question_banks.id").onDelete("cascade"),
        )
        .addColumn("learner", "varchar(80)", (c) => c.notNull())
        .addColumn("answered", "text", (c) => c.notNull())
        .addColumn("wrong", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("bank_practice_progress_learner", ["bank_id", "learner"])
        .execute();
    },
  };
}
