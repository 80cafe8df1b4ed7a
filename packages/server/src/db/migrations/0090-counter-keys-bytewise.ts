import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * PostgreSQL compares counter keys byte by byte (`collate "C"`, as response_facts' keys already are). Every
 * submit looks up ~94 counter rows in the primary key and sorts its keys to take their row locks in one
 * order; under a locale collation each comparison goes through strcoll, and in the submit bench the upsert
 * cost about a fifth more CPU than with byte order. Keys are ASCII prefixes plus ids and option values, so
 * byte order is also what a prefix range over them means. The view reading the shards is recreated around
 * the change (PostgreSQL does not retype a column a view uses). SQLite compares bytes already.
 */
export function counterKeysBytewiseMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`drop view response_counters`.execute(db);
      await sql`alter table response_counter_shards alter column key type varchar(400) collate "C"`.execute(
        db,
      );
      await sql`create view response_counters as
        select questionnaire_id, key, cast(sum(count) as bigint) as count
        from response_counter_shards group by questionnaire_id, key`.execute(db);
    },
  };
}
