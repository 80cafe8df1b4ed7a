import type pg from "pg";
import { readSettings } from "../questionnaires/store.ts";
import { splitFacts } from "../results/fact-packs.ts";
import { counterEntries } from "../results/record.ts";
import { responseCreatedCte } from "../webhooks/events.ts";
import { COUNTER_SHARD } from "./counters.ts";
import type { StorePlan } from "./submit-limits.ts";

/**
 * Group commit for PostgreSQL's unlocked submits (issue 22): submits to one questionnaire that arrive while
 * earlier ones are still in PostgreSQL wait together and go in as ONE statement — one round trip, one
 * transaction and one commit for the batch, and their counters summed per key before they are sent (a batch
 * of 16 answers to the bench's 50-question questionnaire upserts 94 counter rows instead of 1,504). Each
 * submit is still acknowledged only after the commit that stored it.
 *
 * A questionnaire gets at most MAX_IN_FLIGHT statements at a time; while they run, new submits queue and form
 * the next batch, so batches grow with the load and a lone submit goes at once. Only submits that serialise
 * nothing come here (no quota, per-source limit, unique answer or file claim: storeOnPostgres decides).
 *
 * The statement inserts only while the questionnaire and its owner's level still read as every submit of the
 * batch decided from (one lane per questionnaire, settings, published revision and remembered terms), and,
 * when the owner's level caps responses, only while the whole batch fits under the cap — counted under the
 * questionnaire's submit lock by the statement itself (migration 0125), so the cap is exact across batches,
 * serialised submits and instances, still in one round trip. Otherwise it stores nothing, and each submit of
 * the batch is retried alone with the single-submit statement, which tells a stale read from a full cap
 * exactly as before.
 *
 * The statement also writes a webhook outbox row per stored response and subscribed hook (`w`, from
 * commands/webhooks/events.ts): the event commits with the response or not at all.
 *
 * The statement stores every submit of the batch or none: the counters arrive summed over the batch (about
 * 94 rows for a batch of any size of the bench's questionnaire, where one row per submit and key cost
 * PostgreSQL a fifth of the statement), so they hold only if every response went in. A repeated idempotency
 * key is therefore not skipped but fails the statement on its unique index, and so does any other error;
 * each submit of a failed batch is then retried alone, where a repeat answers the response already stored
 * (`isRepeatedKey`), so one bad submit cannot fail its neighbours.
 */
export const batchSql = `with gate as (
  select (select settings from prize_sets where questionnaire_id = $1::int) as prize_settings,
    exists (select 1 from red_packets where questionnaire_id = $1::int and status = 'active') as packet
  from questionnaires q
  where q.id = $1::int and q.settings = $2::text and q.published_version = $3::int and q.status = 'published'
    and q.deleted_at is null and q.taken_down_at is null
    and coalesce((select vip_level from users where id = q.owner_id), 0) = $4::int
    and (select vip_stop_time from users where id = q.owner_id) is not distinct from $5::text
    and (select limits from vip_sets where level = 0) is not distinct from $6::text
    and (select limits from vip_sets where level = $4::int) is not distinct from $7::text
    -- CASE, not OR: an uncapped batch must never take the lock. wjgj_locked_response_total (migration 0125)
    -- takes the questionnaire's submit lock and counts on a snapshot taken after it.
    and case when $8::bigint < 0 then true
      else wjgj_locked_response_total($1::int) + json_array_length($9::json) <= $8::bigint end
), input as (
  select * from json_to_recordset($9::json) as i (ord int, revision_id int, answers text, labels text,
    score real, max_score real, passed int, end_state text, status text, ip text, user_agent text,
    device_id text, user_id int, source text, duration_seconds int, idempotency_key text, submitted_at text,
    computed text, consent_version int, sealed_generation int, wechat_key text, wechat_profile text,
    review_state text, fact_keys json)
), r as (
  insert into responses (questionnaire_id, revision_id, answers, labels, score, max_score, passed, end_state,
    status, ip, user_agent, device_id, user_id, source, duration_seconds, idempotency_key, submitted_at, computed,
    consent_version, sealed_generation, wechat_key, wechat_profile, review_state)
  select $1::int, i.revision_id, i.answers, i.labels, i.score, i.max_score, i.passed, i.end_state, i.status,
    i.ip, i.user_agent, i.device_id, i.user_id, i.source, i.duration_seconds, i.idempotency_key, i.submitted_at,
    i.computed, i.consent_version, i.sealed_generation, i.wechat_key, i.wechat_profile, i.review_state
  from input i, gate
  returning id, idempotency_key, end_state, score, max_score, passed
), stored as (
  select r.*, i.ord from r join input i on i.idempotency_key collate "C" = r.idempotency_key
), f as (
  insert into response_facts (questionnaire_id, response_id, question_id, key, num, text)
  select $1::int, s.id, x.question_id, x.key, x.num, x.text
  from json_to_recordset($10::json) as x (ord int, question_id text, key text, num double precision, text text)
  join stored s on s.ord = x.ord
), k as (
  insert into response_fact_keys (questionnaire_id, response_id, keys)
  select $1::int, s.id, i.fact_keys::text
  from stored s join input i on i.ord = s.ord
  where i.fact_keys is not null
), c as (
  insert into response_counter_shards (questionnaire_id, key, shard, count)
  select $1::int, e.key, ${COUNTER_SHARD}, e.amount
  from json_to_recordset($11::json) as e (key text, amount bigint), gate
  order by e.key collate "C"
  on conflict (questionnaire_id, key, shard) do update
    set count = response_counter_shards.count + excluded.count
), u as (
  insert into response_uniques (questionnaire_id, question_id, value, response_id)
  select $1::int, x.question_id, x.value, s.id
  from json_to_recordset($12::json) as x (ord int, question_id text, value text)
  join stored s on s.ord = x.ord
), ${responseCreatedCte}
select s.ord, s.id, s.end_state as "endState", s.score, s.max_score as "maxScore", s.passed,
  g.prize_settings as "prizeSettings", g.packet, exists (select 1 from w) as hooked
from stored s, gate g`;

const BATCH_STATEMENT = "wjgj_submit_batch";

/** The unique index that settles a repeated idempotency key (migration 0004). */
const IDEMPOTENCY_INDEX = "responses_idempotency_uq";

/** Whether PostgreSQL refused a statement because a response of one of its idempotency keys is stored. */
export function isRepeatedKey(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === "23505" && constraint === IDEMPOTENCY_INDEX;
}

/** Namespace of the advisory locks that serialise limited submits (submit-postgres.ts; migration 0125 too). */
export const SUBMIT_LOCK_SPACE = 22;

/**
 * Statements one questionnaire may have in PostgreSQL at once; the rest queue for the next batch. One: a
 * statement's counter upserts cost the same for a batch of 2 or of 20, so larger batches are cheaper per
 * submit. The submit bench at 16 clients measured 0.61–0.62 of the bare insert with one (batches of about 20 at
 * 64 clients, p99 29–33 ms) against 0.53–0.58 with two (batches of 12, p99 33–35 ms).
 */
const MAX_IN_FLIGHT = 1;
/** The largest batch: its statement binds about 1 kB per submit. */
const MAX_BATCH = 64;

/** What a stored submit reads back (the single-submit statement's row shape, by position in the batch). */
export interface BatchRow {
  id: number;
  endState: string;
  score: number | null;
  maxScore: number | null;
  passed: number | null;
  prizeSettings: string | null;
  packet: boolean;
  /** A webhook outbox row was written with it (commands/webhooks/events.ts). */
  hooked: boolean;
}

interface Waiting {
  plan: StorePlan;
  resolve(row: BatchRow | null | "alone"): void;
  reject(error: unknown): void;
}

interface Lane {
  waiting: Waiting[];
  inFlight: number;
  scheduled: boolean;
}

/**
 * The statement's parameters for a batch (every plan in one lane: same questionnaire, row and terms). The
 * responses, their facts, the counters summed over the batch and the unique values go as JSON arrays of rows
 * (`json_to_recordset`): JSON.stringify is native, where the driver's array literals escape every element in
 * JavaScript. A fact's absent `num` and `text` are left out (most facts are choices): PostgreSQL reads a
 * missing field as null.
 */
export function batchParams(plans: readonly StorePlan[]): unknown[] {
  const first = plans[0] as StorePlan;
  const responses: unknown[] = [];
  const facts: unknown[] = [];
  const counters = new Map<string, number>();
  const uniques: unknown[] = [];
  plans.forEach((plan, index) => {
    const ord = index + 1;
    const { values } = plan;
    const split = splitFacts(plan.facts);
    responses.push({
      ord,
      revision_id: values.revisionId,
      answers: values.answers,
      labels: values.labels,
      score: values.score,
      max_score: values.maxScore,
      passed: values.passed,
      end_state: values.endState,
      status: values.status,
      ip: values.ip,
      user_agent: values.userAgent,
      device_id: values.deviceId,
      user_id: values.userId,
      source: values.source,
      duration_seconds: values.durationSeconds,
      idempotency_key: values.idempotencyKey,
      submitted_at: values.submittedAt,
      computed: values.computed,
      consent_version: values.consentVersion,
      sealed_generation: values.sealedGeneration,
      wechat_key: values.wechatKey,
      wechat_profile: values.wechatProfile,
      review_state: values.reviewState,
      // The response's packed keys (fact-packs.ts) ride with it, as JSON read as JSON: one row, not 40.
      fact_keys: split.packed.length > 0 ? split.packed : undefined,
    });
    // JSON.stringify leaves out a fact's absent num and text.
    for (const fact of split.rows)
      facts.push({ ord, question_id: fact.questionId, key: fact.key, num: fact.num, text: fact.text });
    // A response waiting for its 商品 order's payment is stored 无效: not counted until paid.
    if (values.status === "valid")
      for (const [key, amount] of counterEntries(plan.facts, values, 1))
        counters.set(key, (counters.get(key) ?? 0) + amount);
    for (const unique of plan.uniques)
      uniques.push({ ord, question_id: unique.questionId, value: unique.value });
  });
  return [
    first.row.id,
    first.row.settings,
    first.row.publishedVersion,
    first.terms.vipLevel,
    first.terms.vipStopTime,
    first.terms.freeLimits,
    first.terms.levelLimits,
    statementCap(first),
    JSON.stringify(responses),
    JSON.stringify(facts),
    JSON.stringify(Array.from(counters, ([key, amount]) => ({ key, amount }))),
    JSON.stringify(uniques),
  ];
}

/**
 * The cap the statement counts under (negative: none): the smaller of the owner's level cap and the
 * questionnaire's own 最多回收 (settings.maxResponses). Both count the same `total` of valid responses, so one
 * check under the questionnaire's submit lock settles both, exactly (issue #37): a batch goes in whole while
 * it fits, and when it does not each submit is retried alone, where the last places are taken one by one.
 */
export function statementCap(plan: StorePlan): number {
  const own = readSettings(plan.row.settings).maxResponses;
  const level = plan.terms.cap;
  if (own <= 0) return level;
  return level < 0 ? own : Math.min(level, own);
}

/** Submits that may share a statement: the same questionnaire as read, and the same remembered terms. */
function laneKey(plan: StorePlan): string {
  const { row, terms } = plan;
  return [
    row.id,
    row.publishedVersion,
    terms.vipLevel,
    terms.vipStopTime,
    terms.cap,
    terms.freeLimits,
    terms.levelLimits,
    row.settings,
  ].join("\u0000");
}

/** Time spent in the batch statements (connection in hand to reply), counted once per submit they stored. */
export const batchTimes = { count: 0, ms: 0, batches: 0 };

export class SubmitBatcher {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly pool: pg.Pool) {}

  /**
   * Stores the plan in the next batch of its lane. Resolves to the stored row, to null when the batch stored
   * nothing for it (a repeated idempotency key, or the questionnaire changed: the caller tells which), or to
   * "alone" when it must be retried with the single-submit statement.
   */
  store(plan: StorePlan): Promise<BatchRow | null | "alone"> {
    const key = laneKey(plan);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { waiting: [], inFlight: 0, scheduled: false };
      this.lanes.set(key, lane);
    }
    const queued = lane;
    return new Promise((resolve, reject) => {
      queued.waiting.push({ plan, resolve, reject });
      this.schedule(key, queued);
    });
  }

  private schedule(key: string, lane: Lane) {
    if (lane.scheduled || lane.inFlight >= MAX_IN_FLIGHT || lane.waiting.length === 0) return;
    lane.scheduled = true;
    // After the current I/O phase: submits parsed in the same turn of the event loop share the batch.
    setImmediate(() => {
      lane.scheduled = false;
      void this.flush(key, lane);
    });
  }

  private async flush(key: string, lane: Lane) {
    if (lane.inFlight >= MAX_IN_FLIGHT || lane.waiting.length === 0) return;
    // One submit per idempotency key in a statement: a second one waits for the next batch, where the
    // unique index answers it as a repeat.
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of lane.waiting) {
      const idempotencyKey = waiting.plan.values.idempotencyKey;
      if (batch.length >= MAX_BATCH || keys.has(idempotencyKey)) later.push(waiting);
      else {
        keys.add(idempotencyKey);
        batch.push(waiting);
      }
    }
    lane.waiting = later;
    lane.inFlight += 1;
    try {
      await this.run(batch);
    } finally {
      lane.inFlight -= 1;
      if (lane.inFlight === 0 && lane.waiting.length === 0 && !lane.scheduled) this.lanes.delete(key);
      else this.schedule(key, lane);
    }
  }

  private async run(batch: readonly Waiting[]) {
    let rows: BatchRow[];
    try {
      const client = await this.pool.connect();
      const started = performance.now();
      const plans = batch.map((waiting) => waiting.plan);
      try {
        rows = (
          await client.query<BatchRow & { ord: string }>({
            name: BATCH_STATEMENT,
            text: batchSql,
            values: batchParams(plans),
          })
        ).rows.map(({ ord, ...row }) => ({ ...row, ord: Number(ord) }) as BatchRow & { ord: number });
      } finally {
        client.release();
      }
      const elapsed = performance.now() - started;
      batchTimes.batches += 1;
      batchTimes.count += batch.length;
      batchTimes.ms += elapsed * batch.length;
    } catch {
      // Retried alone: whatever failed then fails only the submit it belongs to.
      for (const waiting of batch) waiting.resolve("alone");
      return;
    }
    if (rows.length === 0 && batch.length > 1) {
      // Nothing stored: the questionnaire or the owner's level changed, or the batch would pass the level's
      // cap. Alone, each submit learns which (and the cap admits as many as fit).
      for (const waiting of batch) waiting.resolve("alone");
      return;
    }
    const byOrd = new Map((rows as (BatchRow & { ord: number })[]).map((row) => [row.ord, row]));
    batch.forEach((waiting, index) => {
      const row = byOrd.get(index + 1);
      if (!row) {
        waiting.resolve(null);
        return;
      }
      const { ord: _ord, ...stored } = row as BatchRow & { ord: number };
      waiting.resolve(stored);
    });
  }
}

const batchers = new WeakMap<pg.Pool, SubmitBatcher>();

/** The batcher of a pool (one per database handle). */
export function batcherOf(pool: pg.Pool): SubmitBatcher {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new SubmitBatcher(pool);
    batchers.set(pool, batcher);
  }
  return batcher;
}
