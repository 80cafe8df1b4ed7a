/**
 * Webhooks (数据推送, issue #38): what a creator subscribes to, how a hook and its delivery log are shown. The
 * messages follow the Standard Webhooks spec (https://www.standardwebhooks.com): `webhook-id`,
 * `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256>` headers, a JSON body
 * `{ type, timestamp, data }`, signed with a `whsec_` secret shown once.
 */

/** The events a hook may subscribe to. */
export const webhookEventTypes = [
  "response.created",
  "response.updated",
  "response.deleted",
  "questionnaire.published",
  "questionnaire.stopped",
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** Sent only by 发送测试 (never subscribed to): lets a receiver check its signature verification. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookMessageType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

export const webhookEventNames: Record<WebhookMessageType, string> = {
  "response.created": "收到新答卷",
  "response.updated": "答卷状态变化（有效/无效、回收站、批改、审核）",
  "response.deleted": "答卷被彻底删除",
  "questionnaire.published": "问卷发布",
  "questionnaire.stopped": "问卷暂停收集",
  "webhook.test": "测试消息",
};

/** What changed in a `response.updated` event. */
export type WebhookResponseChange =
  | "valid"
  | "invalid"
  | "deleted"
  | "restored"
  | "graded"
  | "anonymised"
  // 审核 (issue #41): approved, rejected, or the decision undone (back to pending).
  | "approved"
  | "rejected"
  | "reviewPending";

/** Secrets look like `whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** Hooks one account may own (its questionnaires' hooks and its account-wide ones together). */
export const MAX_WEBHOOKS_PER_OWNER = 20;
/** Attempts of one message stop this long after the event; it is then marked failed. */
export const WEBHOOK_RETRY_WINDOW_HOURS = 24;
/** A hook whose every attempt has failed for this long is disabled, and its owner told. */
export const WEBHOOK_DISABLE_AFTER_HOURS = 24;

export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

export const webhookDeliveryStatusNames: Record<WebhookDeliveryStatus, string> = {
  pending: "等待发送",
  delivered: "已送达",
  failed: "发送失败",
};

/** How the delivery log shows a message: a pending one already tried once is waiting for its retry. */
export type WebhookDeliveryState = WebhookDeliveryStatus | "retrying";

export const webhookDeliveryStateNames: Record<WebhookDeliveryState, string> = {
  ...webhookDeliveryStatusNames,
  retrying: "等待重试",
};

/**
 * The state the delivery log shows: 等待重试 for a pending message that has already been tried (its last error
 * and next attempt show with it), not 等待发送 as if nothing had happened yet.
 */
export function webhookDeliveryState(delivery: {
  status: WebhookDeliveryStatus;
  attempts: number;
}): WebhookDeliveryState {
  return delivery.status === "pending" && delivery.attempts > 0 ? "retrying" : delivery.status;
}

export interface WebhookSummary {
  id: number;
  /** null: an account-wide hook, for every questionnaire the owner has. */
  questionnaireId: number | null;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  /** Why it was disabled automatically ("" when enabled, or disabled by hand). */
  disabledReason: string;
  /** Failed attempts since the last success. */
  consecutiveFailures: number;
  /** The receiver could not be reached: nothing is sent before this time ("" when not paused). */
  pausedUntil: string;
  createdAt: string;
  updatedAt: string;
}

/** What 添加 and 重新生成密钥 answer: the secret in full, this once. */
export interface WebhookWithSecret extends WebhookSummary {
  secret: string;
}

/** One message to one hook and its last attempt, as the delivery log shows it. */
export interface WebhookDelivery {
  id: number;
  webhookId: number;
  /** The `webhook-id` header: the same on every attempt and replay, so receivers can de-duplicate. */
  eventId: string;
  eventType: WebhookMessageType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** HTTP status of the last attempt; null when no answer came (refused, timed out, unreachable). */
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  /** The first 2 KB of the receiver's last answer. */
  lastResponseExcerpt: string;
  /** Why the last attempt failed, in words a creator can act on ("" when it did not). */
  lastError: string;
  lastAttemptAt: string;
  /** When it will be tried next ("" unless pending). */
  nextAttemptAt: string;
  createdAt: string;
  deliveredAt: string;
}

export interface WebhookDeliveryPage {
  list: WebhookDelivery[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** What the delivery log and the owner's notification say (stored with the delivery or the hook as shown). */
export const webhookTexts = {
  httpError: (status: number) => `对方返回 HTTP ${status}`,
  expired: `${WEBHOOK_RETRY_WINDOW_HOURS} 小时内未能送达：对方一直无法连接`,
  disabledAfterFailures: (lastError: string) =>
    `连续 ${WEBHOOK_DISABLE_AFTER_HOURS} 小时推送均失败，已自动停用${lastError ? `（最近一次：${lastError}）` : ""}`,
  disabledSecretLost: "签名密钥无法解开（主密钥可能已更换），已停用：请重新生成密钥后启用",
  disabledAccountDeleted: "账号已注销",
  noticeTitle: "数据推送已停用",
  notice: (questionnaireTitle: string | null, url: string, reason: string) =>
    `${questionnaireTitle ? `问卷“${questionnaireTitle}”的` : "账号的"}数据推送 ${url} ${reason}。请检查接收地址后重新启用，未送达的消息可在推送记录中重发。`,
  testMessage: "这是一条测试消息：收到它说明地址可达，请用密钥校验 webhook-signature",
} as const;
