import type { Kysely, Migration } from "kysely";

/**
 * Draws counted per phone (issue #17): the phone a respondent verified by SMS just before drawing. Empty
 * for draws counted otherwise; the index answers "how many draws has this phone made here".
 */
export function drawPhonesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("prize_draws")
        .addColumn("phone", "varchar(20)", (c) => c.notNull().defaultTo(""))
        .execute();
      await db.schema
        .createIndex("prize_draws_phone_idx")
        .on("prize_draws")
        .columns(["questionnaire_id", "phone"])
        .execute();
    },
  };
}
