import type { Generated, Selectable } from "kysely";

/**
 * API keys (issue #38). Only the SHA-256 of the key is stored (a key is 238 random bits, so a plain hash is
 * enough: there is nothing to guess); `prefix` is its first characters, shown to tell keys apart.
 */
export interface ApiKeysTable {
  id: Generated<number>;
  userId: number;
  name: string;
  prefix: string;
  keyHash: string;
  /** Space-separated ApiKeyScope values. */
  scopes: string;
  createdAt: string;
  /** Null: never expires. */
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  lastUsedIp: string;
}
export type ApiKeyRow = Selectable<ApiKeysTable>;

/**
 * Calls per key per minute, shared by every instance (the rate limit): one row per key and minute, its count
 * raised in the same statement that reads it, so concurrent calls on many instances cannot all slip through.
 */
export interface ApiKeyUsageTable {
  keyId: number;
  /** ISO minute, e.g. "2026-12-03T08:41". */
  minute: string;
  count: number;
}

/** Every call made with a key (its audit trail): who, what, when, how it ended. Never the key itself. */
export interface ApiCallsTable {
  id: Generated<number>;
  keyId: number;
  userId: number;
  method: string;
  /** The route's pattern with the ids filled in, without the query string. */
  path: string;
  status: number;
  ip: string;
  durationMs: number;
  at: string;
}
export type ApiCallRow = Selectable<ApiCallsTable>;
