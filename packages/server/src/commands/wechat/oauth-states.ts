import { createHash, randomBytes } from "node:crypto";
import { ResultCode } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { WechatOauthStateRow } from "../../db/tables/wechat.ts";
import { AppError } from "../../errors.ts";

/** A state is honoured for this long after it was handed out (WeChat's codes live five minutes). */
export const STATE_TTL_MS = 10 * 60 * 1000;

/**
 * The browser's half of every state: a random nonce in this cookie (HttpOnly, SameSite=Lax so it comes back
 * on WeChat's redirect). The routes set and read it; the commands see the nonce only.
 */
export const BROWSER_COOKIE = "wjgj_wxb";
const NONCE = /^[A-Za-z0-9_-]{22,64}$/;

export type StatePurpose = "login" | "bind" | "answer" | "pay";
export type StateApp = "website" | "oa";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A fresh nonce for the browser cookie. */
export function newBrowserNonce(): string {
  return randomBytes(24).toString("base64url");
}

/** The nonce in the request's cookie header, or null when there is none (or it is malformed). */
export function browserNonceOf(cookieHeader: string | undefined): string | null {
  const match = new RegExp(`(?:^|;\\s*)${BROWSER_COOKIE}=([^;]+)`).exec(cookieHeader ?? "");
  const nonce = match?.[1];
  return nonce && NONCE.test(nonce) ? nonce : null;
}

/** `returnTo` when it is a path on this site (never another host: an open redirect would phish). */
export function safeReturnPath(returnTo: string | undefined, fallback: string): string {
  if (!returnTo || returnTo.length > 500) return fallback;
  if (!returnTo.startsWith("/") || returnTo.startsWith("//") || returnTo.startsWith("/\\")) return fallback;
  return /[\s\\]/.test(returnTo) ? fallback : returnTo;
}

/** Hands out a state for one authorisation, bound to the browser holding `browserNonce`. */
export async function issueState(
  ctx: AppContext,
  browserNonce: string,
  request: { purpose: StatePurpose; app: StateApp; userId?: number | null; returnTo?: string },
): Promise<string> {
  const state = randomBytes(24).toString("base64url");
  await ctx.db
    .insertInto("wechat_oauth_states")
    .values({
      stateHash: sha256(state),
      browserHash: sha256(browserNonce),
      purpose: request.purpose,
      app: request.app,
      userId: request.userId ?? null,
      returnTo: request.returnTo ?? "",
      createdAt: ctx.clock.now().toISOString(),
      usedAt: null,
    })
    .execute();
  return state;
}

/**
 * Takes a state back from WeChat's redirect: it must exist, be this browser's, of the expected purpose, fresh,
 * and not used yet. Marking it used is one conditional update, so a replay — even a concurrent one on
 * another instance — finds it used and is refused.
 */
export async function consumeState(
  ctx: AppContext,
  state: string | undefined,
  browserNonce: string | null,
  purposes: readonly StatePurpose[],
): Promise<WechatOauthStateRow> {
  const refused = () => new AppError(ResultCode.conflict, "wechatStateInvalid");
  if (!state || state.length > 64 || !browserNonce) throw refused();
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom("wechat_oauth_states")
    .selectAll()
    .where("stateHash", "=", sha256(state))
    .executeTakeFirst();
  if (!row || row.usedAt !== null || row.browserHash !== sha256(browserNonce)) throw refused();
  if (!purposes.includes(row.purpose as StatePurpose)) throw refused();
  if (now.getTime() - Date.parse(row.createdAt) > STATE_TTL_MS) throw refused();
  const taken = await ctx.db
    .updateTable("wechat_oauth_states")
    .set({ usedAt: now.toISOString() })
    .where("id", "=", row.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw refused();
  return { ...row, usedAt: now.toISOString() };
}

/** Forgets states older than a day (run with the other maintenance sweeps). */
export async function pruneStates(ctx: AppContext): Promise<void> {
  const before = new Date(ctx.clock.now().getTime() - 24 * 3600 * 1000).toISOString();
  await ctx.db.deleteFrom("wechat_oauth_states").where("createdAt", "<", before).execute();
}
