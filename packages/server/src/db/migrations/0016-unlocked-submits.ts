import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * Submits to one questionnaire stop waiting for each other (issue 22):
 * - `questionnaires.response_count` goes: every submit rewrote it, so on PostgreSQL each one queued behind the
 *   previous one's row lock (and an owner's draft save behind submits). The count of valid responses is the
 *   `total` counter, which the same transactions keep exact (`responseCountColumn` reads it).
 * - Counters are kept in shards: a submit upserts the rows of its connection's shard, so a transaction that
 *   stays open holds only one shard's rows and the others go on. `response_counters` becomes a view summing
 *   the shards, so everything that reads counters reads them as before. SQLite (one writer) uses shard 0.
 */
export function unlockedSubmitsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("questionnaires").dropColumn("response_count").execute();
      await db.schema
        .createTable("response_counter_shards")
        .addColumn("questionnaire_id", "integer", (c) =>
          c.notNull().references("questionnaires.id").onDelete("cascade"),
        )
        .addColumn("key", "varchar(400)", (c) => c.notNull())
        .addColumn("shard", "integer", (c) => c.notNull())
        .addColumn("count", dialect === "postgres" ? "bigint" : "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("response_counter_shards_pk", ["questionnaire_id", "key", "shard"])
        .execute();
      await sql`insert into response_counter_shards (questionnaire_id, key, shard, count)
        select questionnaire_id, key, 0, count from response_counters`.execute(db);
      await db.schema.dropTable("response_counters").execute();
      await sql`create view response_counters as
        select questionnaire_id, key, cast(sum(count) as bigint) as count
        from response_counter_shards group by questionnaire_id, key`.execute(db);
    },
  };
}
