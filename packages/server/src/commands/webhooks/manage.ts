import {
  MAX_WEBHOOKS_PER_OWNER,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEventType,
  type WebhookSummary,
  type WebhookWithSecret,
  webhookEventTypes,
  webhookTexts,
} from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, toCount, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/tables/webhooks.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { checkUrl } from "../../outbound/index.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { newEventId, wakeWebhooks } from "./events.ts";
import { presentDelivery, presentWebhook, type TimeFormat } from "./present.ts";
import { newWebhookSecret, wrapWebhookSecret } from "./signing.ts";

/**
 * Managing webhooks: the creator area's `webhook/*` calls and the open API's `/webhooks` both come here.
 *
 * Who may: a questionnaire's hook, those whose role may `manageResponses` (owner and team admins) — a hook sends
 * every response out of the site, so it needs a role that may both see the responses (editors may not) and
 * decide what happens to them (viewers may not); an account-wide hook, its owner alone.
 */

type Ctx = Pick<AppContext, "db" | "clock" | "config" | "dialect">;

export interface WebhookInput {
  url: string;
  events: readonly WebhookEventType[];
}

/** The URL as the outbound client will check it at every delivery; refused now with the same Chinese words. */
function checkedUrl(ctx: Ctx, url: string): string {
  const checked = checkUrl(url.trim(), {
    allowedPorts: ctx.config.outbound.allowedPorts,
    allowAddresses: ctx.config.outbound.testAllow,
  });
  if (!checked.ok)
    throw new InvalidInputError([{ field: "url", message: checked.message }], "webhookUrlRefused");
  return checked.target.url.href;
}

function checkedEvents(events: readonly string[]): string {
  const known = new Set<string>(webhookEventTypes);
  const chosen = webhookEventTypes.filter((event) => events.includes(event));
  if (chosen.length === 0 || events.some((event) => !known.has(event)))
    throw InvalidInputError.field("events", "webhookEventsRequired");
  return chosen.join(" ");
}

/** The hook of `id` the viewer may manage; 404 for one of another account (its existence is not told). */
export async function manageableHook(ctx: Ctx, viewer: Viewer, id: number): Promise<WebhookRow> {
  const hook = await ctx.db.selectFrom("webhooks").selectAll().where("id", "=", id).executeTakeFirst();
  if (!hook) throw new NotFoundError("webhookNotFound");
  if (hook.questionnaireId === null) {
    if (hook.ownerId !== viewer.user.id) throw new NotFoundError("webhookNotFound");
  } else {
    await loadQuestionnaire(ctx.db, viewer, hook.questionnaireId, "manageResponses", "any");
  }
  return hook;
}

/** Whose hooks a list or a new hook is about: a questionnaire's (checked), or the viewer's account-wide ones. */
async function ownerOf(ctx: Ctx, viewer: Viewer, questionnaireId: number | undefined) {
  if (questionnaireId === undefined) return { ownerId: viewer.user.id, questionnaireId: null };
  const row = await loadQuestionnaire(ctx.db, viewer, questionnaireId, "manageResponses");
  return { ownerId: row.ownerId, questionnaireId: row.id };
}

export async function listWebhooks(
  ctx: Ctx,
  viewer: Viewer,
  questionnaireId: number | undefined,
  time: TimeFormat,
): Promise<WebhookSummary[]> {
  const owner = await ownerOf(ctx, viewer, questionnaireId);
  const rows = await ctx.db
    .selectFrom("webhooks")
    .selectAll()
    .$if(owner.questionnaireId === null, (q) =>
      q.where("questionnaireId", "is", null).where("ownerId", "=", owner.ownerId),
    )
    .$if(owner.questionnaireId !== null, (q) => q.where("questionnaireId", "=", owner.questionnaireId ?? 0))
    .orderBy("id")
    .execute();
  return rows.map((row) => presentWebhook(row, time));
}

/** 添加数据推送: the secret is answered in full this once; only its wrapped bytes are kept. */
export async function createWebhook(
  ctx: Ctx,
  viewer: Viewer,
  input: WebhookInput & { questionnaireId?: number | undefined },
  time: TimeFormat,
): Promise<WebhookWithSecret> {
  const owner = await ownerOf(ctx, viewer, input.questionnaireId);
  const url = checkedUrl(ctx, input.url);
  const events = checkedEvents(input.events);
  const secret = newWebhookSecret();
  const now = iso(ctx.clock.now());
  const row = await transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `webhooks:${owner.ownerId}`);
    const count = await trx
      .selectFrom("webhooks")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("ownerId", "=", owner.ownerId)
      .executeTakeFirst();
    if (toCount(count) >= MAX_WEBHOOKS_PER_OWNER) throw new ConflictError("webhookTooMany");
    const inserted = await trx
      .insertInto("webhooks")
      .values({
        ownerId: owner.ownerId,
        questionnaireId: owner.questionnaireId,
        createdBy: viewer.user.id,
        url,
        events,
        secret: "",
        enabled: 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Bound to the hook's id, which only the insert tells.
    return trx
      .updateTable("webhooks")
      .set({ secret: wrapWebhookSecret(ctx.db, inserted.id, secret.bytes) })
      .where("id", "=", inserted.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { ...presentWebhook(row, time), secret: secret.text };
}

export interface WebhookChanges {
  url?: string | undefined;
  events?: readonly WebhookEventType[] | undefined;
  enabled?: boolean | undefined;
}

/** Changes the URL, the events or the switch; enabling again clears the failure streak and its reason. */
export async function updateWebhook(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  changes: WebhookChanges,
  time: TimeFormat,
): Promise<WebhookSummary> {
  const hook = await manageableHook(ctx, viewer, id);
  const enabling = changes.enabled === true && hook.enabled !== 1;
  const row = await ctx.db
    .updateTable("webhooks")
    .set({
      ...(changes.url !== undefined ? { url: checkedUrl(ctx, changes.url) } : {}),
      ...(changes.events !== undefined ? { events: checkedEvents(changes.events) } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0, disabledReason: "" } : {}),
      ...(enabling ? { consecutiveFailures: 0, failingSince: null } : {}),
      // A new address (or a hook enabled again) is tried at once, not after the old one's pause.
      ...(enabling || changes.url !== undefined ? { pausedUntil: null } : {}),
      updatedAt: iso(ctx.clock.now()),
    })
    .where("id", "=", hook.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  // Messages that waited while it was off go out now.
  if (enabling) wakeWebhooks(ctx.db);
  return presentWebhook(row, time);
}

/** 重新生成密钥: the new secret signs every attempt from now on (the old one stops at once). */
export async function rotateWebhookSecret(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  time: TimeFormat,
): Promise<WebhookWithSecret> {
  const hook = await manageableHook(ctx, viewer, id);
  const secret = newWebhookSecret();
  const row = await ctx.db
    .updateTable("webhooks")
    .set({ secret: wrapWebhookSecret(ctx.db, hook.id, secret.bytes), updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", hook.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...presentWebhook(row, time), secret: secret.text };
}

/** Deletes the hook and its log; messages still pending are dropped with it. */
export async function deleteWebhook(ctx: Ctx, viewer: Viewer, id: number): Promise<void> {
  const hook = await manageableHook(ctx, viewer, id);
  await transaction(ctx.db, async (trx) => {
    await trx.deleteFrom("webhook_deliveries").where("webhookId", "=", hook.id).execute();
    await trx.deleteFrom("webhooks").where("id", "=", hook.id).execute();
  });
}

function deliveriesOf(db: Db | Trx, webhookId: number, status: WebhookDeliveryStatus | undefined) {
  return db
    .selectFrom("webhook_deliveries")
    .where("webhookId", "=", webhookId)
    .$if(status !== undefined, (q) => q.where("status", "=", status ?? "pending"));
}

/** 推送记录 in pages, newest first. */
export async function listDeliveries(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  page: { pageNum: number; pageSize: number; status?: WebhookDeliveryStatus | undefined },
  time: TimeFormat,
) {
  const hook = await manageableHook(ctx, viewer, id);
  const [total, rows] = await Promise.all([
    deliveriesOf(ctx.db, hook.id, page.status)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst(),
    deliveriesOf(ctx.db, hook.id, page.status)
      .selectAll()
      .orderBy("id", "desc")
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((row) => presentDelivery(row, time)),
    total: toCount(total),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** The log newest first, after the delivery id `before` (the open API's cursor). */
export async function deliveriesBefore(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  page: { before: number | null; limit: number; status?: WebhookDeliveryStatus | undefined },
  time: TimeFormat,
): Promise<{ deliveries: WebhookDelivery[]; more: boolean }> {
  const hook = await manageableHook(ctx, viewer, id);
  const rows = await deliveriesOf(ctx.db, hook.id, page.status)
    .selectAll()
    .$if(page.before !== null, (q) => q.where("id", "<", page.before ?? 0))
    .orderBy("id", "desc")
    .limit(page.limit + 1)
    .execute();
  return {
    deliveries: rows.slice(0, page.limit).map((row) => presentDelivery(row, time)),
    more: rows.length > page.limit,
  };
}

function assertEnabled(hook: WebhookRow) {
  if (hook.enabled !== 1) throw new ConflictError("webhookHookDisabled");
}

/**
 * 重发: the message goes out again now, as the same message (same `webhook-id` and body), whatever became of
 * it; attempts go on counting, and a failure is retried as usual for 24 hours from the replay. The owner's
 * 重发 also goes past a pause: it is what one does once the receiver is fixed.
 */
export async function replayDelivery(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  deliveryId: number,
  time: TimeFormat,
): Promise<WebhookDelivery> {
  const hook = await manageableHook(ctx, viewer, id);
  assertEnabled(hook);
  const row = await ctx.db
    .updateTable("webhook_deliveries")
    // A window of its own from now: a replay of an old message is still retried if it fails.
    .set({
      status: "pending",
      nextAttemptAt: iso(ctx.clock.now()),
      giveUpAt: iso(addSeconds(ctx.clock.now(), WEBHOOK_RETRY_WINDOW_HOURS * 3600)),
    })
    .where("id", "=", deliveryId)
    .where("webhookId", "=", hook.id)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new NotFoundError("webhookDeliveryNotFound");
  await ctx.db.updateTable("webhooks").set({ pausedUntil: null }).where("id", "=", hook.id).execute();
  wakeWebhooks(ctx.db);
  return presentDelivery(row, time);
}

/** 发送测试: a `webhook.test` message through the same queue, signing and client as every other. */
export async function sendTestMessage(
  ctx: Ctx,
  viewer: Viewer,
  id: number,
  time: TimeFormat,
): Promise<WebhookDelivery> {
  const hook = await manageableHook(ctx, viewer, id);
  assertEnabled(hook);
  const now = iso(ctx.clock.now());
  const row: WebhookDeliveryRow = await ctx.db
    .insertInto("webhook_deliveries")
    .values({
      webhookId: hook.id,
      eventId: newEventId(),
      eventType: WEBHOOK_TEST_EVENT,
      payload: JSON.stringify({
        webhookId: hook.id,
        questionnaireId: hook.questionnaireId,
        message: webhookTexts.testMessage,
      }),
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  wakeWebhooks(ctx.db);
  return presentDelivery(row, time);
}
