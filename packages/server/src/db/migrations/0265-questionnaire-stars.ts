import type { Kysely, Migration } from "kysely";

/**
 * 星标: the owner marks a questionnaire in 我的问卷 to find it again (the list's 星标 filter). The time it was
 * marked, null while it is not; a copy starts without one and a transfer of ownership clears it.
 */
export function questionnaireStarsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").addColumn("starred_at", "varchar(32)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").dropColumn("starred_at").execute();
    },
  };
}
