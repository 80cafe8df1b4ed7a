import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../index.ts";

/**
 * PostgreSQL: the valid-response count a capped submit checks, read under the questionnaire's submit lock, from
 * inside the store statement itself (issue 22). Free and paid levels below the top one cap responses, so
 * nearly every submit checks a cap; before this its statement needed a transaction of its own around it
 * (begin, the lock, the statement, commit: four round trips) to read a count that no concurrent submit could
 * still change.
 *
 * The function takes the transaction-scoped advisory lock (namespace 22, the one serialised submits take) and
 * then reads the `total` counter. Being VOLATILE, its query runs on a snapshot taken after the lock was
 * granted, so it sees every response committed by the lock's previous holders, although the calling
 * statement's own snapshot is older. The lock is held until the calling statement's transaction commits:
 * count, check and insert are one step, and one round trip. SQLite has one writer and needs none of this.
 */
export function cappedSubmitCountMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`create or replace function wjgj_locked_response_total(qid integer) returns bigint
        language plpgsql volatile as $fn$
        begin
          perform pg_advisory_xact_lock(22, qid);
          return coalesce(
            (select count from response_counters where questionnaire_id = qid and key = 'total'), 0);
        end
        $fn$`.execute(db);
    },
  };
}
