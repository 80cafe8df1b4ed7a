import type { Kysely, Migration } from "kysely";

/** Image captchas of the password login: one row per challenge, answered at most once. */
export function loginCaptchasMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("login_captchas")
        .addColumn("id", "varchar(32)", (c) => c.primaryKey())
        .addColumn("answer_hash", "varchar(64)", (c) => c.notNull())
        .addColumn("expires_at", "varchar(32)", (c) => c.notNull())
        .addColumn("used_at", "varchar(32)")
        .execute();
    },
  };
}
