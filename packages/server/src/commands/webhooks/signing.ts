import { createHmac, randomBytes } from "node:crypto";
import { WEBHOOK_SECRET_PREFIX } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { keyringOf } from "../privacy/keyring.ts";

/**
 * Signing per the Standard Webhooks spec (https://www.standardwebhooks.com): the secret is `whsec_` + base64
 * of random bytes, and the HMAC-SHA256 key is those bytes (not the text). Each attempt is signed anew, over
 * `${webhook-id}.${webhook-timestamp}.${body}`, so a receiver can refuse replays of an old timestamp.
 */

const SECRET_BYTES = 32;

/** A new secret: its bytes (to wrap and keep) and the `whsec_` text shown to the creator once. */
export function newWebhookSecret(): { bytes: Buffer; text: string } {
  const bytes = randomBytes(SECRET_BYTES);
  return { bytes, text: `${WEBHOOK_SECRET_PREFIX}${bytes.toString("base64")}` };
}

/** What the wrapped secret is bound to: a wrapped secret copied onto another hook does not open there. */
const purposeOf = (webhookId: number) => `webhook secret ${webhookId}`;

export function wrapWebhookSecret(db: Db, webhookId: number, bytes: Buffer): string {
  return keyringOf(db).wrapSecret(bytes, purposeOf(webhookId));
}

/** The secret's bytes; throws when no configured master key opens it (a damaged row, a lost master key). */
export function unwrapWebhookSecret(db: Db, webhookId: number, wrapped: string): Buffer {
  const bytes = keyringOf(db).unwrapSecret(wrapped, purposeOf(webhookId));
  if (!bytes)
    throw new Error(`the secret of webhook ${webhookId} does not open with the configured master keys`);
  return bytes;
}

/** The three headers of one attempt. */
export function signedHeaders(
  secret: Buffer,
  message: { id: string; timestamp: number; body: string },
): Record<string, string> {
  const signature = createHmac("sha256", secret)
    .update(`${message.id}.${message.timestamp}.${message.body}`, "utf8")
    .digest("base64");
  return {
    "webhook-id": message.id,
    "webhook-timestamp": String(message.timestamp),
    "webhook-signature": `v1,${signature}`,
  };
}
