import type { Kysely, Migration } from "kysely";

/**
 * Keys every instance must agree on, kept in the database they share (instances on separate machines
 * share no disk): today the answer-token signing key when ANSWER_TOKEN_SECRET is not set.
 */
export function serverSecretsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("server_secrets")
        .addColumn("name", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "varchar(200)", (c) => c.notNull())
        .addColumn("created_at", "varchar(32)", (c) => c.notNull())
        .execute();
    },
  };
}
