import type { Kysely, Migration } from "kysely";

/**
 * Self-service account deletion: when the owner asked (null when no request is pending) and when the
 * cooling-off period ended and the account was anonymised. Kept beside `status` so an admin's own
 * 停用 and a withdrawn request never get confused.
 */
export function accountDeletionMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("deletion_requested_at", "varchar(32)").execute();
      await db.schema.alterTable("users").addColumn("deleted_at", "varchar(32)").execute();
    },
  };
}
