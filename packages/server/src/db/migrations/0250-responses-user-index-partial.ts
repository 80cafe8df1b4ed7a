import { type Kysely, type Migration, sql } from "kysely";

/**
 * The per-account limit (每个账号限答) reads responses by questionnaire and account: only responses given while
 * logged in have one. Most are anonymous, and each wrote an entry of NULL into this index all the same — one
 * more index page in every commit of a batch of submits (SQLite writes each changed page into its WAL whole).
 * Kept for the rows that have an account only; `user_id = ?` implies `user_id is not null`, so both databases
 * still answer the limit's count from it (db/response-indexes.test.ts checks the plans).
 */
export function responsesUserIndexPartialMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index responses_user_id_idx`.execute(db);
      await sql`create index responses_user_id_idx on responses (questionnaire_id, user_id)
        where user_id is not null`.execute(db);
    },
  };
}
