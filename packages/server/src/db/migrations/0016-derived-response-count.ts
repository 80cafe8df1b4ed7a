import type { Kysely, Migration } from "kysely";

/**
 * `questionnaires.response_count` goes: every submit rewrote it, so on PostgreSQL each one queued behind the
 * previous one's row lock (and an owner's draft save queued behind submits). The count of valid responses is
 * the `total` counter, which the same transactions already keep exact (responseCountColumn reads it).
 */
export function derivedResponseCountMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").dropColumn("response_count").execute();
    },
  };
}
