import type { WeChatBindingStatus } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import { keyringOf } from "../privacy/keyring.ts";

/** A WeChat user as the server keeps it: keyed digests of the openid and unionid, never the ids themselves. */
export interface WeChatDigests {
  /** The application the openid belongs to (网站应用 or 公众号 AppID). */
  appId: string;
  openidDigest: string;
  unionidDigest: string | null;
}

/** The digests of a WeChat identity (Keyring.digestAt at questionnaire 0, as wechat_bindings documents). */
export function wechatDigests(
  db: Db,
  appId: string,
  identity: { openid: string; unionid: string | null },
): WeChatDigests {
  const keyring = keyringOf(db);
  return {
    appId,
    openidDigest: keyring.digestAt(0, "~wechat-openid", identity.openid),
    unionidDigest: identity.unionid ? keyring.digestAt(0, "~wechat-unionid", identity.unionid) : null,
  };
}

/**
 * The account this WeChat user is bound to: by unionid first (the 网站应用 and the 公众号 of one 开放平台
 * account share it, so either signs in to the same account), else by this application's openid.
 */
export async function boundUserId(db: Db | Trx, who: WeChatDigests): Promise<number | null> {
  if (who.unionidDigest) {
    const byUnion = await db
      .selectFrom("wechat_bindings")
      .select("userId")
      .where("unionidDigest", "=", who.unionidDigest)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (byUnion) return byUnion.userId;
  }
  const byOpenid = await db
    .selectFrom("wechat_bindings")
    .select("userId")
    .where("appId", "=", who.appId)
    .where("openidDigest", "=", who.openidDigest)
    .executeTakeFirst();
  return byOpenid?.userId ?? null;
}

/** Whether the account has a WeChat bound (under any application). */
export async function hasBinding(db: Db | Trx, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("wechat_bindings")
    .select("id")
    .where("userId", "=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records `who` under `userId` for its application. Both unique keys (one openid per app, one binding per
 * account and app) make a concurrent second binding insert nothing: answers whether this one was kept.
 */
export async function insertBinding(
  db: Db | Trx,
  userId: number,
  who: WeChatDigests,
  nickname: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .insertInto("wechat_bindings")
    .values({
      userId,
      appId: who.appId,
      openidDigest: who.openidDigest,
      unionidDigest: who.unionidDigest,
      nickname: nickname.slice(0, 64),
      createdAt: iso(now),
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** 个人中心 · 微信绑定: whether a WeChat is bound, with its nickname and the date of the first binding. */
export async function bindingStatus(db: Db, userId: number): Promise<WeChatBindingStatus> {
  const rows = await db
    .selectFrom("wechat_bindings")
    .select(["nickname", "createdAt"])
    .where("userId", "=", userId)
    .orderBy("id")
    .execute();
  const first = rows[0];
  if (!first) return { bound: false, nickname: "", boundAt: "" };
  return {
    bound: true,
    nickname: rows.find((row) => row.nickname)?.nickname ?? "",
    boundAt: chinaDateTime(first.createdAt),
  };
}

/** Unbinds every WeChat application from the account; the next WeChat sign-in asks for a phone again. */
export async function unbindWeChat(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("wechat_bindings").where("userId", "=", userId).execute();
  await db.deleteFrom("wechat_login_tickets").where("userId", "=", userId).execute();
}
