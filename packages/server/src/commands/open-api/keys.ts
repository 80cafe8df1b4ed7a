import { randomBytes } from "node:crypto";
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_PREFIX_LENGTH,
  type ApiCallEntry,
  type ApiKeyScope,
  type ApiKeySummary,
  apiKeyScopes,
  type CreatedApiKey,
  MAX_API_KEYS_PER_USER,
} from "@wjgj/core";
import { sql } from "kysely";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, toCount, transaction } from "../../db/index.ts";
import { lockKey } from "../../db/locks.ts";
import type { ApiKeyRow } from "../../db/tables/api-keys.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { sha256 } from "../../security/hashing.ts";

/** The scopes a row grants (unknown words, from a later version, are ignored). */
export function scopesOf(row: Pick<ApiKeyRow, "scopes">): ApiKeyScope[] {
  const known = new Set<string>(apiKeyScopes);
  return row.scopes.split(" ").filter((scope): scope is ApiKeyScope => known.has(scope));
}

function stateOf(row: ApiKeyRow, now: Date): ApiKeySummary["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= iso(now)) return "expired";
  return "active";
}

function presentKey(row: ApiKeyRow, now: Date): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: `${row.prefix}…`,
    scopes: scopesOf(row),
    expiresAt: chinaDateTime(row.expiresAt),
    lastUsedAt: chinaDateTime(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    createdAt: chinaDateTime(row.createdAt),
    revokedAt: chinaDateTime(row.revokedAt),
    state: stateOf(row, now),
  };
}

/** A new key: `wjk_` + 40 characters of base64url (240 random bits). */
export function newApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(30).toString("base64url")}`;
}

export interface CreateKeyInput {
  name: string;
  scopes: ApiKeyScope[];
  /** Days until it expires; null: never. */
  expiresInDays: number | null;
}

/** 个人中心 · API 密钥 · 创建: the key is answered in full this once and stored only as its hash. */
export async function createApiKey(
  ctx: AppContext,
  viewer: Viewer,
  input: CreateKeyInput,
): Promise<CreatedApiKey> {
  const now = ctx.clock.now();
  const key = newApiKey();
  const row = await transaction(ctx.db, async (trx) => {
    await lockKey(trx, ctx.dialect, `api-keys:${viewer.user.id}`);
    const live = await trx
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("userId", "=", viewer.user.id)
      .where("revokedAt", "is", null)
      .executeTakeFirst();
    if (toCount(live) >= MAX_API_KEYS_PER_USER) throw new ConflictError("apiKeyTooMany");
    return trx
      .insertInto("api_keys")
      .values({
        userId: viewer.user.id,
        name: input.name,
        prefix: key.slice(0, API_KEY_SHOWN_PREFIX_LENGTH),
        keyHash: sha256(key),
        scopes: [...new Set(input.scopes)].join(" "),
        createdAt: iso(now),
        expiresAt:
          input.expiresInDays === null
            ? null
            : iso(new Date(now.getTime() + input.expiresInDays * 86_400_000)),
        revokedAt: null,
        lastUsedAt: null,
        lastUsedIp: "",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { ...presentKey(row, now), key };
}

export async function listApiKeys(ctx: AppContext, viewer: Viewer): Promise<ApiKeySummary[]> {
  const rows = await ctx.db
    .selectFrom("api_keys")
    .selectAll()
    .where("userId", "=", viewer.user.id)
    .orderBy("id", "desc")
    .execute();
  const now = ctx.clock.now();
  return rows.map((row) => presentKey(row, now));
}

async function ownKey(db: Db, viewer: Viewer, id: number): Promise<ApiKeyRow> {
  const row = await db
    .selectFrom("api_keys")
    .selectAll()
    .where("id", "=", id)
    .where("userId", "=", viewer.user.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("apiKeyNotFound");
  return row;
}

/** 吊销: refused from the next call on, on every instance (each call reads the key's row). */
export async function revokeApiKey(ctx: AppContext, viewer: Viewer, id: number): Promise<ApiKeySummary> {
  await ownKey(ctx.db, viewer, id);
  const now = ctx.clock.now();
  await ctx.db
    .updateTable("api_keys")
    .set({ revokedAt: iso(now) })
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .execute();
  return presentKey(await ownKey(ctx.db, viewer, id), now);
}

/** The key's most recent calls (its audit trail), newest first. */
export async function listApiCalls(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  limit = 50,
): Promise<ApiCallEntry[]> {
  await ownKey(ctx.db, viewer, id);
  const rows = await ctx.db
    .selectFrom("api_calls")
    .selectAll()
    .where("keyId", "=", id)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    method: row.method,
    path: row.path,
    status: row.status,
    ip: row.ip,
    durationMs: row.durationMs,
    at: chinaDateTime(row.at),
  }));
}

export type KeyCheck =
  | { ok: true; key: ApiKeyRow; user: UserRow; scopes: ApiKeyScope[] }
  | { ok: false; reason: "missing" | "invalid" | "revoked" | "expired" | "accountDisabled" };

/**
 * The key a call presents, read from the database on every call: a revoked or expired key is refused at
 * once on every instance. Compared by hash lookup (the hash of a wrong key finds no row).
 */
export async function checkApiKey(db: Db, key: string | undefined, now: Date): Promise<KeyCheck> {
  if (!key) return { ok: false, reason: "missing" };
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 100) return { ok: false, reason: "invalid" };
  const row = await db
    .selectFrom("api_keys")
    .selectAll()
    .where("keyHash", "=", sha256(key))
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.revokedAt) return { ok: false, reason: "revoked" };
  if (row.expiresAt && row.expiresAt <= iso(now)) return { ok: false, reason: "expired" };
  const user = await db.selectFrom("users").selectAll().where("id", "=", row.userId).executeTakeFirst();
  if (user?.status !== "active" || user.deletedAt) return { ok: false, reason: "accountDisabled" };
  return { ok: true, key: row, user, scopes: scopesOf(row) };
}

/**
 * Counts one call against the key's minute and answers the count so far, in one statement that every
 * instance shares (an upsert that returns the new count), so the limit holds across instances.
 */
export async function countCall(db: Db, keyId: number, now: Date): Promise<number> {
  const minute = iso(now).slice(0, 16);
  const row = await db
    .insertInto("api_key_usage")
    .values({ keyId, minute, count: 1 })
    .onConflict((oc) => oc.columns(["keyId", "minute"]).doUpdateSet({ count: sql`api_key_usage.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface CallRecord {
  keyId: number;
  userId: number;
  method: string;
  path: string;
  status: number;
  ip: string;
  durationMs: number;
}

/** Writes a call to the key's log and, at most once a minute, the key's 最近使用. */
export async function recordCall(db: Db, call: CallRecord, now: Date): Promise<void> {
  const at = iso(now);
  await db
    .insertInto("api_calls")
    .values({ ...call, path: call.path.slice(0, 300), at })
    .execute();
  await db
    .updateTable("api_keys")
    .set({ lastUsedAt: at, lastUsedIp: call.ip.slice(0, 64) })
    .where("id", "=", call.keyId)
    .where((eb) =>
      eb.or([eb("lastUsedAt", "is", null), eb("lastUsedAt", "<", iso(new Date(now.getTime() - 60_000)))]),
    )
    .execute();
}
