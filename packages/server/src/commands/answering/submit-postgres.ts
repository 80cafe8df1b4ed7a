import { createHash } from "node:crypto";
import { CompiledQuery } from "kysely";
import { type Db, pgPoolOf, type Trx, transaction } from "../../db/index.ts";
import { type AnsweringRow, answeringColumns, responseCountColumn } from "../../db/tables/questionnaires.ts";
import { ConflictError, TooManyRequestsError } from "../../errors.ts";
import { bookAnswers } from "../bookings/submit.ts";
import { claimAttempt } from "../exams/attempt-store.ts";
import { placeOrderOf } from "../form-orders/submit.ts";
import { readSettings } from "../questionnaires/store.ts";
import { rewardsOffered } from "../rewards/offer.ts";
import { wakeWebhooks } from "../webhooks/events.ts";
import { claimFiles, referencesFiles } from "./files.ts";
import type { RepliedResponse, StoredResponse } from "./reply.ts";
import { answerState } from "./state.ts";
import { batcherOf, batchParams, batchSql, isRepeatedKey, SUBMIT_LOCK_SPACE } from "./submit-batch.ts";
import {
  type BookedResponse,
  booksSlots,
  ClosedError,
  placesOrder,
  StaleRowError,
  type StorePlan,
  sameGates,
  uniqueTakenError,
} from "./submit-limits.ts";

/**
 * A submit stored alone — in the serialised path's transaction, or retried out of a batch — runs the batch
 * statement (submit-batch.ts) with a batch of one: the same checks of the questionnaire and the owner's
 * terms, the same writes, one round trip. A repeated idempotency key fails it on the key's unique index; the
 * submit then answers the response stored under that key.
 */
const STORE_STATEMENT = "wjgj_submit_store";

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

/**
 * What this submit must be serialised with (issue #37): a quota it adds to, with every submit of the
 * questionnaire ("questionnaire"); a per-IP/device/account limit or a unique answer, only with the submits
 * that share one of its keys ("keys": an advisory lock per key, so two respondents from different devices never
 * wait for each other); nothing else. A response cap (the questionnaire's 最多回收 or the owner's level) needs
 * neither: the store statement counts under the questionnaire's submit lock itself, for a whole batch at once
 * (submit-batch.ts `statementCap`).
 */
function serialisingOf(plan: StorePlan): "questionnaire" | "keys" | null {
  if (plan.quotas.size > 0) return "questionnaire";
  if (plan.sources.length > 0 || plan.uniques.length > 0) return "keys";
  return null;
}

/** Namespace of the per-key advisory locks of per-source limits and unique answers. */
const LIMIT_KEY_LOCK_SPACE = 23;

/**
 * The advisory lock keys of a submit's per-source limits and unique answers: a 32-bit hash of questionnaire,
 * column (or question) and value, distinct and ascending — every transaction takes its keys in the same order,
 * and the questionnaire's submit lock only after them (in the store statement), so no two wait on each other
 * in a cycle. Two values sharing a hash only wait for each other; the counts read under the locks stay exact.
 */
export function limitLockKeys(plan: StorePlan): number[] {
  const names = [
    ...plan.sources.map((limit) => `${plan.row.id}\u0000${limit.column}\u0000${limit.value}`),
    ...plan.uniques.map((unique) => `${plan.row.id}\u0000u:${unique.questionId}\u0000${unique.value}`),
  ];
  const keys = names.map((name) => createHash("sha256").update(name).digest().readInt32BE(0));
  return [...new Set(keys)].sort((a, b) => a - b);
}

/**
 * A submit on PostgreSQL. Without a quota, per-source limit or unique answer to respect and without files to
 * claim, it goes in a batch (a response cap counted by the statement itself). Otherwise one short
 * transaction: the questionnaire's advisory lock (a quota) or its keys' (a per-source limit, a unique answer),
 * one statement reading everything the limits need, the same store statement, commit — the lock is held for
 * those three round trips only.
 */
export async function storeOnPostgres(db: Db, plan: StorePlan): Promise<BookedResponse> {
  const state = answerState(plan.row, readSettings(plan.row.settings), plan.now);
  if (state !== "open") throw new ClosedError(state, plan.row.kind);
  const pool = pgPoolOf(db);
  const serial = serialisingOf(plan);
  const files = referencesFiles(plan.definition, plan.answers);
  // An exam attempt's response is stored in a transaction that also ends the attempt (attempt-store.ts), and
  // a response that books slots with its bookings (a full slot rolls the response back).
  const unserialised = pool && !serial && !files && !plan.attempt && !booksSlots(plan) && !placesOrder(plan);
  if (unserialised) {
    // Batched with the submits to the same questionnaire that wait meanwhile (submit-batch.ts); alone when the
    // batch could not tell this submit's outcome. A level's cap needs no serialising: the statement counts
    // under the questionnaire's submit lock itself.
    const batched = await batcherOf(pool).store(plan);
    if (batched !== "alone") return batched ? storedResponse(db, batched) : await previousOrStale(db, plan);
  }
  if (unserialised) {
    const client = await pool.connect();
    // Timed once a connection is in hand: waiting for the pool is queueing, not holding.
    const started = performance.now();
    let stored: { rows: StoreRow[] } | "repeat";
    try {
      stored = await client.query<StoreRow>({
        name: STORE_STATEMENT,
        text: batchSql,
        values: batchParams([plan]),
      });
    } catch (error) {
      if (!isRepeatedKey(error)) throw error;
      stored = "repeat";
    } finally {
      client.release();
    }
    if (stored === "repeat") return await previousOrStale(db, plan);
    record(submitHoldTimes.unlocked, started);
    const row = stored.rows[0];
    return row ? storedResponse(db, row) : await previousOrStale(db, plan);
  }
  let locked = 0;
  let bookings: BookedResponse["bookings"];
  let order: BookedResponse["order"];
  // The lock makes the key's lookup in checkLimits final for limited submits; an unlimited submit of the same
  // key (sent before the questionnaire got its limit) can still get in first and fail the store.
  const stored = await transaction(db, async (trx) => {
    if (serial === "questionnaire") {
      await trx.executeQuery(
        CompiledQuery.raw("select pg_advisory_xact_lock($1::int, $2::int)", [SUBMIT_LOCK_SPACE, plan.row.id]),
      );
      locked = performance.now();
    } else if (serial === "keys") {
      // unnest yields the keys in the array's (ascending) order.
      await trx.executeQuery(
        CompiledQuery.raw("select pg_advisory_xact_lock($1::int, k) from unnest($2::int[]) as k", [
          LIMIT_KEY_LOCK_SPACE,
          limitLockKeys(plan),
        ]),
      );
      locked = performance.now();
    }
    const previous = await checkLimits(trx, plan);
    if (previous) return previous;
    const claim = await claimFiles(trx, plan.row.id, plan.definition, plan.answers, plan.answerSession);
    const row = (await trx.executeQuery<StoreRow>(CompiledQuery.raw(batchSql, batchParams([plan])))).rows[0];
    // The gate read the same row checkLimits just compared: only a change committed in between (or the
    // owner's level, or its cap reached) lands here.
    if (!row) throw new StaleRowError();
    await claim(row.id);
    if (plan.attempt) await claimAttempt(trx, plan.attempt, row.id, plan.values.submittedAt);
    // 预约: the slots' rows are locked (and their places checked) after the response's; a full slot throws.
    if (booksSlots(plan)) bookings = await bookAnswers(trx, plan.bookings, row.id, plan.now);
    // 商品: the stock is reserved after the response row; a product sold out throws.
    if (placesOrder(plan)) order = await placeOrderOf(trx, plan.order, row.id, plan.now);
    return row;
  }).catch(async (error: unknown) => {
    bookings = undefined;
    order = undefined;
    if (isRepeatedKey(error)) return await previousOrStale(db, plan);
    throw error;
  });
  if (locked > 0) record(submitHoldTimes.serial, locked);
  return isStoreRow(stored) ? { ...storedResponse(db, stored), bookings, order } : stored;
}

type StoreRow = RepliedResponse & {
  prizeSettings: string | null;
  packet: boolean;
  hooked: boolean;
  ord?: number;
};

/** A row the store statement answered (not the response of a repeated key, read back). */
const isStoreRow = (row: RepliedResponse): row is StoreRow => "hooked" in row;

/** The reply's row; a webhook outbox row written with it wakes this instance's dispatcher (it is committed). */
function storedResponse(
  db: Db,
  { prizeSettings, packet, hooked, ord: _ord, ...response }: StoreRow,
): StoredResponse {
  if (hooked) wakeWebhooks(db);
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
  if (!read) throw new ClosedError("deleted", row.kind);
  if (!sameGates(row, read)) throw new StaleRowError();
  if (read.previousId !== null && read.previousId !== undefined) {
    const previous = (
      await trx.executeQuery<RepliedResponse>(CompiledQuery.raw(previousSql, [row.id, values.idempotencyKey]))
    ).rows[0];
    if (previous) return previous;
  }
  const state = answerState(read, readSettings(read.settings), plan.now);
  if (state !== "open") throw new ClosedError(state, read.kind);
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
