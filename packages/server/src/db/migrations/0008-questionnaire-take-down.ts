import type { Kysely, Migration } from "kysely";

/**
 * An admin's take-down of a questionnaire: when, by whom and why. Kept beside `status` rather than as a
 * status value, so the owner's own state (published, stopped…) survives and a restore returns to it.
 */
export function questionnaireTakeDownMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").addColumn("taken_down_at", "varchar(32)").execute();
      await db.schema.alterTable("questionnaires").addColumn("taken_down_by", "integer").execute();
      await db.schema.alterTable("questionnaires").addColumn("taken_down_reason", "varchar(200)").execute();
    },
  };
}
