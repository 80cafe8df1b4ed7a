import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 刷题 progress: one row per questionnaire and learner, the learner being `u:<user id>` when logged in or
 * `d:<device id>` otherwise. Verdicts and the 错题本 are small JSON lists rewritten whole on each answer.
 */
export function practiceProgressMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("practice_progress"), dialect)
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("learner", "varchar(80)", (c) => c.notNull())
        .addColumn("answered", "text", (c) => c.notNull())
        .addColumn("wrong", "text", (c) => c.notNull())
        .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
        .addUniqueConstraint("practice_progress_learner", ["questionnaire_id", "learner"])
        .execute();
    },
  };
}
