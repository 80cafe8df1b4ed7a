import {
  type WebhookDelivery,
  type WebhookEventType,
  type WebhookMessageType,
  type WebhookSummary,
  webhookEventTypes,
} from "@wjgj/core";
import type { WebhookDeliveryRow, WebhookRow } from "../../db/tables/webhooks.ts";

/** How a time is shown: China time text in the creator area, ISO 8601 in the open API. */
export type TimeFormat = (isoText: string | null) => string;

/** The event types a row subscribes to (unknown words, from a later version, are ignored). */
export function eventsOf(row: Pick<WebhookRow, "events">): WebhookEventType[] {
  const known = new Set<string>(webhookEventTypes);
  return row.events.split(" ").filter((event): event is WebhookEventType => known.has(event));
}

/** A hook as listed; never its secret. */
export function presentWebhook(row: WebhookRow, time: TimeFormat): WebhookSummary {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    url: row.url,
    events: eventsOf(row),
    enabled: row.enabled === 1,
    disabledReason: row.disabledReason,
    consecutiveFailures: row.consecutiveFailures,
    pausedUntil: time(row.pausedUntil),
    createdAt: time(row.createdAt),
    updatedAt: time(row.updatedAt),
  };
}

export function presentDelivery(row: WebhookDeliveryRow, time: TimeFormat): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    eventType: row.eventType as WebhookMessageType,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastLatencyMs: row.lastLatencyMs,
    lastResponseExcerpt: row.lastResponseExcerpt,
    lastError: row.lastError,
    lastAttemptAt: time(row.lastAttemptAt),
    nextAttemptAt: row.status === "pending" ? time(row.nextAttemptAt) : "",
    createdAt: time(row.createdAt),
    deliveredAt: time(row.deliveredAt),
  };
}
