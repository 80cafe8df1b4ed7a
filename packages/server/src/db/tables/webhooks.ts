import type { ColumnType, Generated, Selectable } from "kysely";

/** A webhook (migration 0210): where a questionnaire's (or, without one, an account's) events are sent. */
export interface WebhooksTable {
  id: Generated<number>;
  /** Whose hook it is: the questionnaire's owner, or the account of an account-wide hook. Told when disabled. */
  ownerId: number;
  /** Null: account-wide, for every questionnaire of the owner. */
  questionnaireId: number | null;
  createdBy: number;
  url: string;
  /** Space-separated WebhookEventType values. */
  events: string;
  /** The signing secret's bytes wrapped under the master key (keyring.ts `wrapSecret`). */
  secret: string;
  enabled: number;
  disabledReason: ColumnType<string, string | undefined>;
  consecutiveFailures: ColumnType<number, number | undefined>;
  /** The first failed attempt since the last success; null while attempts succeed. */
  failingSince: ColumnType<string | null, string | null | undefined>;
  /** After an attempt that got no HTTP answer: the hook's messages wait until then (its retry time). */
  pausedUntil: ColumnType<string | null, string | null | undefined>;
  createdAt: string;
  updatedAt: string;
}
export type WebhookRow = Selectable<WebhooksTable>;

/** One message to one hook: the outbox row written with the change, and the state of its delivery. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhookId: number;
  /** The `webhook-id` header, stable across retries and replays; unique per hook. */
  eventId: string;
  eventType: string;
  /** The event's subject as written with it (JSON: questionnaireId, responseId, change …). */
  payload: string;
  /** The body as first sent (JSON), null until then. */
  body: ColumnType<string | null, string | null | undefined>;
  status: "pending" | "delivered" | "failed";
  attempts: ColumnType<number, number | undefined>;
  nextAttemptAt: string;
  /** Attempts stop after this time; null: WEBHOOK_RETRY_WINDOW_HOURS after the event (a replay sets its own). */
  giveUpAt: ColumnType<string | null, string | null | undefined>;
  firstAttemptAt: ColumnType<string | null, string | null | undefined>;
  lastAttemptAt: ColumnType<string | null, string | null | undefined>;
  lastStatusCode: ColumnType<number | null, number | null | undefined>;
  lastLatencyMs: ColumnType<number | null, number | null | undefined>;
  lastResponseExcerpt: ColumnType<string, string | undefined>;
  lastError: ColumnType<string, string | undefined>;
  createdAt: string;
  deliveredAt: ColumnType<string | null, string | null | undefined>;
}
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
