import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../index.ts";
import { withId } from "./helpers.ts";

/**
 * 提醒我 on /trailerPage: one row per questionnaire and verified phone; `sent_at` is set in the same
 * transaction that records the SMS, so a reminder goes out once even when two workers run.
 */
export function startRemindersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable("start_reminders"), dialect)
        .addColumn("questionnaire_id", "integer", (c) => c.notNull())
        .addColumn("phone", "varchar(20)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .addColumn("sent_at", "varchar(32)")
        .addUniqueConstraint("start_reminders_questionnaire_phone", ["questionnaire_id", "phone"])
        .execute();
      await db.schema
        .createIndex("start_reminders_unsent")
        .on("start_reminders")
        .columns(["sent_at", "questionnaire_id"])
        .execute();
    },
  };
}
