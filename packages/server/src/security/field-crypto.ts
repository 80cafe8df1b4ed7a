import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

/**
 * AES-256-GCM for values kept at rest: `iv (12) | ciphertext | tag (16)` in base64url. The associated data
 * binds a value to where it belongs (a questionnaire's question, a wrapped key's purpose), so a value copied
 * to another place does not open there.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export function seal(key: Buffer, plaintext: Buffer | string, associated: string): string {
  return sealBytes(key, plaintext, associated).toString("base64url");
}

/** `seal` as bytes (`iv | ciphertext | tag`): for files, where base64 would only add a third. */
export function sealBytes(key: Buffer, plaintext: Buffer | string, associated: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** The plaintext, or null when the value was not sealed under this key and associated data (or is damaged). */
export function open(key: Buffer, sealed: string, associated: string): Buffer | null {
  return openBytes(key, Buffer.from(sealed, "base64url"), associated);
}

/** `open` for bytes from `sealBytes`. */
export function openBytes(key: Buffer, bytes: Buffer, associated: string): Buffer | null {
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(associated, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

/** A keyed digest for lookups (unique answers, equality filters): equal inputs, equal digests; nothing else told. */
export function digest(key: Buffer, text: string): string {
  return createHmac("sha256", key).update(text, "utf8").digest().subarray(0, 18).toString("base64url");
}

export function newKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

/** A 32-byte key written as 64 hex characters or as base64 (url-safe or not); null when it is neither. */
export function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/\+/g, "-").replace(/\//g, "_").replace(/=$/, ""), "base64url");
    return bytes.length === KEY_BYTES ? bytes : null;
  }
  return null;
}
