import { randomUUID } from "node:crypto";
import type { WebhookMessageType } from "@wjgj/core";
import { type ExpressionBuilder, sql } from "kysely";
import type { Db, Trx } from "../../db/index.ts";
import { preparedQuery } from "../../db/prepared.ts";
import type { Database } from "../../db/schema.ts";

/**
 * Emitting webhook events: an outbox row per subscribed hook (`webhook_deliveries`), written in the SAME
 * transaction as the change it tells about, by one INSERT … SELECT over the hooks that subscribe.
 *
 * Why an outbox row in the change's transaction rather than anything cheaper:
 * - exact: the event exists if and only if the change committed. A crash after the commit loses nothing (the row
 *   waits for the dispatcher); a rolled-back change leaves no event. A scan of new responses by id cursor (no
 *   work at submit) is not exact on PostgreSQL: ids are taken before commit, so a response committing late
 *   behind a larger id would be skipped, and status changes and deletions have no cursor at all.
 * - current: the hooks are read by the statement itself, so a hook created, disabled or deleted on another
 *   instance counts from the moment it committed. A per-instance "has hooks" cache would drop the events of a
 *   new hook until it expired.
 * - cheap: a questionnaire without hooks pays one indexed probe of `webhooks` inside a statement it runs anyway
 *   (SQLite: a column of the submit's questionnaire read; PostgreSQL: a CTE of the batch statement), and one
 *   with a hook one small insert per response. The body — masked answers as the open API presents them — is
 *   built by the dispatcher when it first sends, never on the submit path.
 */

/** A new event id: `evt_` + 32 hex (random, so ids never repeat across sites, restores or replays). */
export function newEventId(): string {
  return `evt_${randomUUID().replaceAll("-", "")}`;
}

/** SQL of `events` containing one event type (space-separated list). */
const subscribesTo = (type: string) =>
  sql<boolean>`(' ' || ${sql.ref("webhooks.events")} || ' ') like ${`% ${type} %`}`;

/** Enabled hooks that hear about `questionnaireId`: its own, and its owner's account-wide ones. */
function hooksOf(eb: ExpressionBuilder<Database, "webhooks">, questionnaireId: number) {
  return eb.and([
    eb("webhooks.enabled", "=", 1),
    eb.or([
      eb("webhooks.questionnaireId", "=", questionnaireId),
      eb.and([
        eb("webhooks.questionnaireId", "is", null),
        eb(
          "webhooks.ownerId",
          "=",
          eb
            .selectFrom("questionnaires")
            .select("questionnaires.ownerId")
            .where("questionnaires.id", "=", questionnaireId),
        ),
      ]),
    ]),
  ]);
}

export interface WebhookEvent {
  type: WebhookMessageType;
  /** The subject: ids and what changed (the body is built from it when first sent). */
  payload: Record<string, unknown>;
}

/**
 * Writes `events` of one questionnaire for every hook subscribed to them, in the caller's transaction (or alone).
 * Answers how many deliveries were written: when some were, wake the dispatcher after the commit
 * (`wakeWebhooks`); without a wake the dispatcher's poll finds them within a second.
 */
export async function emitWebhookEvents(
  trx: Db | Trx,
  now: Date,
  questionnaireId: number,
  events: readonly WebhookEvent[],
): Promise<number> {
  if (events.length === 0) return 0;
  const types = [...new Set(events.map((event) => event.type))];
  const hooks = await trx
    .selectFrom("webhooks")
    .select(["id", "events"])
    .where((eb) => hooksOf(eb, questionnaireId))
    .where((eb) => eb.or(types.map((type) => subscribesTo(type))))
    .execute();
  if (hooks.length === 0) return 0;
  const at = now.toISOString();
  const rows = events.flatMap((event) => {
    const eventId = newEventId();
    const payload = JSON.stringify(event.payload);
    return hooks
      .filter((hook) => hook.events.split(" ").includes(event.type))
      .map((hook) => ({
        webhookId: hook.id,
        eventId,
        eventType: event.type,
        payload,
        status: "pending" as const,
        nextAttemptAt: at,
        createdAt: at,
      }));
  });
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto("webhook_deliveries")
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.length;
}

/**
 * SQLite's submit (storeOnSqlite, inside the group commit): a `response.created` delivery per subscribed hook,
 * run only when the questionnaire row it read says some hook may hear about it (`hookedColumn`).
 */
export const emitResponseCreatedSqlite = preparedQuery<
  never,
  { questionnaireId: number; ownerId: number; eventId: string; payload: string; at: string }
>((db, p) =>
  db
    .insertInto("webhook_deliveries")
    .columns(["webhookId", "eventId", "eventType", "payload", "status", "nextAttemptAt", "createdAt"])
    .expression(
      db
        .selectFrom("webhooks")
        .select((eb) => [
          "webhooks.id",
          eb.val(p.eventId).as("eventId"),
          sql.lit("response.created").as("eventType"),
          eb.val(p.payload).as("payload"),
          sql.lit("pending").as("status"),
          eb.val(p.at).as("nextAttemptAt"),
          eb.val(p.at).as("createdAt"),
        ])
        .where("webhooks.enabled", "=", sql.lit(1))
        .where((eb) =>
          eb.or([
            eb("webhooks.questionnaireId", "=", p.questionnaireId),
            eb.and([eb("webhooks.questionnaireId", "is", null), eb("webhooks.ownerId", "=", p.ownerId)]),
          ]),
        )
        .where(sql<boolean>`(' ' || ${sql.ref("webhooks.events")} || ' ') like '% response.created %'`),
    ),
);

/**
 * A column for the statement that reads the questionnaire in a submit's transaction: whether any enabled hook
 * hears about it. Only then does the submit run the insert above.
 */
export function hookedColumn(eb: ExpressionBuilder<Database, "questionnaires">) {
  return eb
    .exists(
      eb
        .selectFrom("webhooks")
        .select("webhooks.id")
        .where("webhooks.enabled", "=", sql.lit(1))
        .where((w) =>
          w.or([
            w("webhooks.questionnaireId", "=", w.ref("questionnaires.id")),
            w.and([
              w("webhooks.questionnaireId", "is", null),
              w("webhooks.ownerId", "=", w.ref("questionnaires.ownerId")),
            ]),
          ]),
        ),
    )
    .as("hooked");
}

/**
 * PostgreSQL's submit statement (submit-batch.ts): a CTE inserting a `response.created` delivery per stored
 * response and subscribed hook, with one event id per response (materialised once, whatever the join does).
 * `stored` is the CTE of the stored responses,
 * `input` its rows, $1 the questionnaire; the statement answers `hooked` when it wrote any.
 */
export const responseCreatedCte = `ev as materialized (
  select s.id, i.submitted_at as at, 'evt_' || replace(gen_random_uuid()::text, '-', '') as event_id
  from stored s join input i on i.ord = s.ord
), w as (
  insert into webhook_deliveries (webhook_id, event_id, event_type, payload, status, next_attempt_at, created_at)
  select h.id, ev.event_id, 'response.created',
    json_build_object('questionnaireId', $1::int, 'responseId', ev.id)::text, 'pending', ev.at, ev.at
  from ev
  join webhooks h on h.enabled = 1
    and (h.questionnaire_id = $1::int or (h.questionnaire_id is null
      and h.owner_id = (select owner_id from questionnaires where id = $1::int)))
    and (' ' || h.events || ' ') like '% response.created %'
  returning 1
)`;

const wakers = new WeakMap<Db, () => void>();

/** The dispatcher of the app on this database handle registers here (commands/webhooks/dispatch.ts). */
export function setWebhookWaker(db: Db, wake: () => void): void {
  wakers.set(db, wake);
}

/** New deliveries were committed: the dispatcher of this instance looks now instead of at its next poll. */
export function wakeWebhooks(db: Db): void {
  wakers.get(db)?.();
}
