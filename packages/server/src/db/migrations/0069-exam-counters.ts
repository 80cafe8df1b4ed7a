import { type Kysely, type Migration, sql } from "kysely";

/**
 * The exam report's counters (see core's examCounterEntries) for responses stored before submits kept them:
 * per question and verdict, the score sum in hundredths, and responses still waiting for a manual grade.
 * Valid responses only, like every counter; written to shard 0, which the counters view sums with the rest.
 */
export function examCountersMigration(): Migration {
  return { up: insertExamCounters };
}

/** Writes every exam counter from the valid responses' score facts (the counters must hold none before). */
export async function insertExamCounters(db: Kysely<unknown>): Promise<void> {
  const scoreFacts = sql`response_facts f join responses r on r.id = f.response_id
        where r.status = 'valid' and f.key >= 'score:' and f.key < 'score;'`;
  await sql`insert into response_counter_shards (questionnaire_id, key, shard, count)
        select f.questionnaire_id, 'exam:' || substr(f.key, 7) || ':' || coalesce(f.text, 'wrong'), 0, count(*)
        from ${scoreFacts}
        group by f.questionnaire_id, f.key, f.text`.execute(db);
  await sql`insert into response_counter_shards (questionnaire_id, key, shard, count)
        select f.questionnaire_id, 'examsum:' || substr(f.key, 7), 0, sum(cast(round(f.num * 100) as integer))
        from ${scoreFacts}
        group by f.questionnaire_id, f.key
        having sum(cast(round(f.num * 100) as integer)) <> 0`.execute(db);
  await sql`insert into response_counter_shards (questionnaire_id, key, shard, count)
        select f.questionnaire_id, 'exam:pending', 0, count(distinct f.response_id)
        from ${scoreFacts} and f.text = 'pending'
        group by f.questionnaire_id`.execute(db);
}
