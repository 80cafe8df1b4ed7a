import { CompiledQuery } from "kysely";
import { type Db, pgPoolOf, type Trx, transaction } from "../../db/index.ts";
import { type AnsweringRow, answeringColumns, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { ConflictError, TooManyRequestsError } from "../../errors.ts";
import { readSettings } from "../questionnaires/store.ts";
import { counterEntries } from "../results/record.ts";
import { rewardsOffered } from "../rewards/offer.ts";
import { COUNTER_SHARD, counterColumns } from "./counters.ts";
import { claimFiles, referencesFiles } from "./files.ts";
import type { RepliedResponse, StoredResponse } from "./reply.ts";
import { answerState } from "./state.ts";
import { batcherOf, SUBMIT_LOCK_SPACE } from "./submit-batch.ts";
import { ClosedError, StaleRowError, type StorePlan, sameGates, uniqueTakenError } from "./submit-limits.ts";

/**
 * The whole write of a submit on PostgreSQL in ONE statement: the response (its idempotency key settled by
 * the unique index, `on conflict do nothing`), its facts, its counters (upserted in the connection's shard,
 * in key order, so two submits never wait for each other's counter rows in opposite orders) and its unique
 * values. It inserts
 * only while the questionnaire still reads as the submit decided from (same settings and published
 * revision, still published, not deleted or taken down), its owner's level reads as the remembered
 * terms were computed from (`owner-terms.ts`: level, stop time, the two `limits`) and the level's
 * response cap is not reached; otherwise, and for a repeated key, it stores nothing and returns no row.
 * With the response it returns what the thank-you screen's rewards button needs (the prize set's
 * settings, whether a red packet is active), read by the same statement: a plain submit makes no other
 * round trip. Outside a transaction it is its own transaction: the hot counter rows are held from the
 * upsert to the end of its commit, and by nothing before it.
 */
const storeSql = `with gate as (
  select (select settings from prize_sets where questionnaire_id = $1::int) as prize_settings,
    exists (select 1 from red_packets where questionnaire_id = $1::int and status = 'active') as packet
  from questionnaires q
  where q.id = $1::int and q.settings = $2::text and q.published_version = $3::int and q.status = 'published'
    and q.deleted_at is null and q.taken_down_at is null
    and coalesce((select vip_level from users where id = q.owner_id), 0) = $23::int
    and (select vip_stop_time from users where id = q.owner_id) is not distinct from $24::text
    and (select limits from vip_sets where level = 0) is not distinct from $25::text
    and (select limits from vip_sets where level = $23::int) is not distinct from $26::text
    and ($27::bigint < 0 or coalesce((select count from response_counters
      where questionnaire_id = $1::int and key = 'total'), 0) < $27::bigint)
), r as (
  insert into responses (questionnaire_id, revision_id, answers, labels, score, max_score, passed, end_state,
    status, ip, user_agent, device_id, user_id, source, duration_seconds, idempotency_key, submitted_at)
  select $1::int, $4::int, $5::text, $6::text, $7::real, $8::real, $9::int, $10::text, $11::text, $12::text,
    $13::text, $14::text, $15::int, $16::text, $17::int, $18::text, $19::text
  from gate
  on conflict (questionnaire_id, idempotency_key) do nothing
  returning id, end_state, score, max_score, passed
), f as (
  insert into response_facts (questionnaire_id, response_id, question_id, key, num, text)
  select $1::int, r.id, x ->> 0, x ->> 1, (x ->> 2)::double precision, x ->> 3
  from r, jsonb_array_elements($20::jsonb) x
), c as (
  insert into response_counter_shards (questionnaire_id, key, shard, count)
  select $1::int, e.key, ${COUNTER_SHARD}, e.amount from r, unnest($21::text[], $28::bigint[]) e (key, amount)
  order by e.key collate "C"
  on conflict (questionnaire_id, key, shard) do update
    set count = response_counter_shards.count + excluded.count
), u as (
  insert into response_uniques (questionnaire_id, question_id, value, response_id)
  select $1::int, x ->> 0, x ->> 1, r.id from r, jsonb_array_elements($22::jsonb) x
)
select r.id, r.end_state as "endState", r.score, r.max_score as "maxScore", r.passed,
  gate.prize_settings as "prizeSettings", gate.packet
from r, gate`;

/** Named: each pooled connection parses and plans it once, then only binds and runs it. */
const STORE_STATEMENT = "wjgj_submit_store";

function storeParams(plan: StorePlan): unknown[] {
  const { row, values } = plan;
  const counters = counterColumns(counterEntries(plan.facts, values, 1));
  return [
    row.id,
    row.settings,
    row.publishedVersion,
    values.revisionId,
    values.answers,
    values.labels,
    values.score,
    values.maxScore,
    values.passed,
    values.endState,
    values.status,
    values.ip,
    values.userAgent,
    values.deviceId,
    values.userId,
    values.source,
    values.durationSeconds,
    values.idempotencyKey,
    values.submittedAt,
    JSON.stringify(plan.facts.map((f) => [f.questionId, f.key, f.num ?? null, f.text ?? null])),
    counters.keys,
    JSON.stringify(plan.uniques.map((u) => [u.questionId, u.value])),
    plan.terms.vipLevel,
    plan.terms.vipStopTime,
    plan.terms.freeLimits,
    plan.terms.levelLimits,
    plan.terms.cap,
    counters.amounts,
  ];
}

const previousSql = `select id, end_state as "endState", score, max_score as "maxScore", passed
  from responses where questionnaire_id = $1::int and idempotency_key = $2::text`;

/**
 * Time the serialising step was held, summed since start (the submit bench prints the means): `serial` from
 * a limited questionnaire's advisory lock to its commit, as this process sees it (the lock stays held while
 * a reply waits for the event loop, so that wait counts). `unlocked` is the round trip of the single
 * statement of the others, which serialises nothing: timed here, it also counts the wait for the event
 * loop after the commit, when nothing is held any more (most of the 40-70 ms seen at 64 clients in one
 * process); its counter rows are held only inside PostgreSQL, from the upsert to the commit's end.
 */
export const submitHoldTimes = {
  serial: { count: 0, ms: 0 },
  unlocked: { count: 0, ms: 0 },
};

/** Whether this submit must be serialised with the others to the questionnaire: a limit could be crossed. */
function needsSerialising(plan: StorePlan): boolean {
  return (
    readSettings(plan.row.settings).maxResponses > 0 ||
    plan.sources.length > 0 ||
    plan.quotas.size > 0 ||
    plan.uniques.length > 0
  );
}

/**
 * A submit on PostgreSQL. Without a limit to respect (cap, quota the response adds to, per-source limit,
 * unique answer) and without files to claim, it is one round trip: the named statement above, on its own.
 * Otherwise one short transaction: the questionnaire's advisory lock, one statement reading everything the
 * limits need, the same store statement, commit — the lock is held for those three round trips only.
 */
export async function storeOnPostgres(db: Db, plan: StorePlan): Promise<StoredResponse> {
  const state = answerState(plan.row, readSettings(plan.row.settings), plan.now);
  if (state !== "open") throw new ClosedError(state);
  const pool = pgPoolOf(db);
  let serial = needsSerialising(plan);
  const files = referencesFiles(plan.definition, plan.answers);
  if (pool && !serial && !files) {
    // Batched with the submits to the same questionnaire that wait meanwhile (submit-batch.ts); alone when the
    // batch could not tell this submit's outcome. Alone under a level's cap, it is serialised like a limited
    // submit: concurrent single statements could otherwise pass the cap together.
    const batched = await batcherOf(pool).store(plan);
    if (batched !== "alone") return batched ? storedResponse(batched) : await previousOrStale(db, plan);
    serial = plan.terms.cap >= 0;
  }
  if (pool && !serial && !files) {
    const client = await pool.connect();
    // Timed once a connection is in hand: waiting for the pool is queueing, not holding.
    const started = performance.now();
    let stored: { rows: StoreRow[] };
    try {
      stored = await client.query<StoreRow>({
        name: STORE_STATEMENT,
        text: storeSql,
        values: storeParams(plan),
      });
    } finally {
      client.release();
    }
    record(submitHoldTimes.unlocked, started);
    const row = stored.rows[0];
    return row ? storedResponse(row) : await previousOrStale(db, plan);
  }
  let locked = 0;
  const stored = await transaction(db, async (trx) => {
    if (serial) {
      await trx.executeQuery(
        CompiledQuery.raw("select pg_advisory_xact_lock($1::int, $2::int)", [SUBMIT_LOCK_SPACE, plan.row.id]),
      );
      locked = performance.now();
    }
    const previous = await checkLimits(trx, plan);
    if (previous) return previous;
    const claim = await claimFiles(trx, plan.row.id, plan.definition, plan.answers, plan.answerSession);
    const row = (await trx.executeQuery<StoreRow>(CompiledQuery.raw(storeSql, storeParams(plan)))).rows[0];
    // The gate read the same row checkLimits just compared: only a change committed in between (or the
    // owner's level, or its cap reached) lands here.
    if (!row) throw new StaleRowError();
    await claim(row.id);
    return storedResponse(row);
  });
  if (locked > 0) record(submitHoldTimes.serial, locked);
  return stored;
}

type StoreRow = RepliedResponse & { prizeSettings: string | null; packet: boolean };

function storedResponse({ prizeSettings, packet, ...response }: StoreRow): StoredResponse {
  return { ...response, rewards: rewardsOffered(prizeSettings, packet) };
}

function record(hold: { count: number; ms: number }, started: number) {
  hold.count += 1;
  hold.ms += performance.now() - started;
}

async function previousOrStale(db: Db, plan: StorePlan): Promise<RepliedResponse> {
  const previous = (
    await db.executeQuery<RepliedResponse>(
      CompiledQuery.raw(previousSql, [plan.row.id, plan.values.idempotencyKey]),
    )
  ).rows[0];
  if (previous) return previous;
  // Nothing stored and no response of that key: the questionnaire changed since it was read.
  throw new StaleRowError();
}

/**
 * Under the lock, ONE statement reads the questionnaire afresh, the response of the idempotency key, the
 * valid-response count, the quota counters, the per-source counts and the unique values taken; then refuses
 * as the SQLite path does, in the same order. Answers the stored response of a repeated key.
 */
async function checkLimits(trx: Trx, plan: StorePlan): Promise<RepliedResponse | null> {
  const { row, values } = plan;
  const quotas = [...plan.quotas];
  const read = (await trx
    .selectFrom("questionnaires")
    .select(answeringColumns)
    .select(responseCountColumn)
    .select((eb) => [
      eb
        .selectFrom("responses")
        .select("id")
        .where("questionnaireId", "=", row.id)
        .where("idempotencyKey", "=", values.idempotencyKey)
        .as("previousId"),
      ...quotas.map(([key], i) =>
        eb
          .selectFrom("response_counters")
          .select("count")
          .where("questionnaireId", "=", row.id)
          .where("key", "=", key)
          .as(`q${i}`),
      ),
      ...plan.sources.map(({ column, value, since }, i) => {
        let count = eb
          .selectFrom("responses")
          .select((c) => c.fn.countAll().as("count"))
          .where("questionnaireId", "=", row.id)
          .where(column, "=", value)
          .where("status", "!=", "deleted");
        if (since) count = count.where("submittedAt", ">=", since);
        return count.as(`s${i}`);
      }),
      ...plan.uniques.map(({ questionId, value }, i) =>
        eb
          .selectFrom("response_uniques")
          .select("responseId")
          .where("questionnaireId", "=", row.id)
          .where("questionId", "=", questionId)
          .where("value", "=", value)
          .as(`u${i}`),
      ),
    ])
    .where("id", "=", row.id)
    .executeTakeFirst()) as (AnsweringRow & Record<string, unknown>) | undefined;
  if (!read) throw new ClosedError("deleted");
  if (!sameGates(row, read)) throw new StaleRowError();
  if (read.previousId !== null && read.previousId !== undefined) {
    const previous = (
      await trx.executeQuery<RepliedResponse>(CompiledQuery.raw(previousSql, [row.id, values.idempotencyKey]))
    ).rows[0];
    if (previous) return previous;
  }
  const state = answerState(read, readSettings(read.settings), plan.now);
  if (state !== "open") throw new ClosedError(state);
  plan.sources.forEach((limit, i) => {
    if (Number(read[`s${i}`] ?? 0) >= limit.max) throw new TooManyRequestsError(limit.message);
  });
  quotas.forEach(([, limit], i) => {
    if (Number(read[`q${i}`] ?? 0) >= limit) throw new ConflictError("answerQuotaFull");
  });
  plan.uniques.forEach(({ questionId }, i) => {
    if (read[`u${i}`] !== null && read[`u${i}`] !== undefined) throw uniqueTakenError(questionId);
  });
  return null;
}
