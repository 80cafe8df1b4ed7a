import { type Kysely, type Migration, sql } from "kysely";
import { insertExamCounters } from "./0069-exam-counters.ts";

/**
 * Until this change, taking an exam response out of the counts (删除, 标记无效) subtracted its verdicts as
 * "wrong" and none of its score, so the unfiltered exam report drifted from the responses after every such
 * change. The exam counters are written again from the facts, as 0069 first wrote them.
 */
export function examCountersRepairMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`delete from response_counter_shards where key like 'exam:%' or key like 'examsum:%'`.execute(
        db,
      );
      await insertExamCounters(db);
    },
  };
}
