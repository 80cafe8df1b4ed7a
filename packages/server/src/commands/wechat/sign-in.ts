import { randomBytes } from "node:crypto";
import type { WeChatLoginErrorKey } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { AppError, InvalidInputError } from "../../errors.ts";
import { sha256 } from "../../security/hashing.ts";
import type { WeChatApp, WeChatConfig } from "../../wechat/env.ts";
import { authorizeUrl, WeChatOAuthClient, type WeChatProfile } from "../../wechat/oauth.ts";
import { boundUserId, hasBinding, insertBinding, type WeChatDigests, wechatDigests } from "./bindings.ts";
import { consumeState, issueState, type StateApp } from "./oauth-states.ts";

/** Where the callback sends the browser: the login page, or 个人中心's profile for a binding. */
export const LOGIN_PAGE = "/Loginone";
export const PROFILE_PAGE = "/dc/personalCenter?type=1";
/** A ticket from the callback to the page lives this long (the page exchanges it at once). */
export const TICKET_TTL_SECONDS = 5 * 60;

/** The configured application for a flavour of the sign-in (网站应用 for the QR code, 公众号 inside WeChat). */
export function wechatAppOf(config: WeChatConfig, app: StateApp): WeChatApp | undefined {
  return app === "website" ? config.website : config.officialAccount;
}

/**
 * Starts an authorisation for the browser holding `browserNonce`: a state bound to it, and the WeChat address
 * the page shows (the QR code in an iframe) or goes to (inside WeChat). `bind` is for the signed-in `userId`.
 */
export async function startWeChatSignIn(
  ctx: AppContext,
  args: {
    browserNonce: string;
    purpose: "login" | "bind";
    app: StateApp;
    userId: number | null;
    returnTo: string;
    redirectUri: string;
  },
): Promise<{ url: string }> {
  const app = wechatAppOf(ctx.config.wechat, args.app);
  if (!app) throw InvalidInputError.field("app", "wechatNotConfigured");
  const state = await issueState(ctx, args.browserNonce, {
    purpose: args.purpose,
    app: args.app,
    userId: args.purpose === "bind" ? args.userId : null,
    returnTo: args.returnTo,
  });
  const scope = args.app === "website" ? "snsapi_login" : "snsapi_base";
  const url = authorizeUrl(ctx.config.wechat, app, { redirectUri: args.redirectUri, state, scope });
  return { url: args.app === "website" ? embeddedQr(url) : url };
}

/**
 * The QR page as WeChat's wxLogin.js frames it: `login_type=jssdk` draws the compact QR, and `self_redirect=default`
 * moves the top window (not the frame) to the callback once the phone confirms.
 */
function embeddedQr(url: string): string {
  const [address, fragment] = url.split("#", 2) as [string, string?];
  return `${address}&login_type=jssdk&self_redirect=default${fragment ? `#${fragment}` : ""}`;
}

/** A path with extra query parameters (the path may carry a query of its own). */
export function withQuery(path: string, params: Record<string, string>): string {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  const search = new URLSearchParams(query);
  for (const [key, value] of Object.entries(params)) search.set(key, value);
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

async function issueTicket(
  ctx: AppContext,
  kind: "login" | "bind",
  values: WeChatDigests & { userId: number | null; nickname: string; returnTo: string },
): Promise<string> {
  const ticket = randomBytes(24).toString("base64url");
  const now = ctx.clock.now();
  await ctx.db
    .insertInto("wechat_login_tickets")
    .values({
      ticketHash: sha256(ticket),
      kind,
      userId: values.userId,
      appId: values.appId,
      openidDigest: values.openidDigest,
      unionidDigest: values.unionidDigest,
      nickname: values.nickname.slice(0, 64),
      returnTo: values.returnTo,
      createdAt: iso(now),
      expiresAt: iso(addSeconds(now, TICKET_TTL_SECONDS)),
      usedAt: null,
    })
    .execute();
  return ticket;
}

type Outcome = { ok: true; location: string } | { ok: false; key: WeChatLoginErrorKey };

const failed = (key: WeChatLoginErrorKey): Outcome => ({ ok: false, key });

/**
 * WeChat's redirect back (`code` and `state`): where the browser goes next. The state must be this browser's,
 * fresh and unused; the code is exchanged once with the application the state was issued for. Signing in:
 * a bound WeChat gets a login ticket, an unbound one a bind ticket (the page asks for a phone). Binding
 * (个人中心): the WeChat is bound to the state's account unless another account has it. Every refusal is a
 * redirect with `wxerror=<key>` that the page shows in Chinese; nothing secret travels in the address.
 */
export async function finishWeChatSignIn(
  ctx: AppContext,
  args: { code: string | undefined; state: string | undefined; browserNonce: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<string> {
  let row: Awaited<ReturnType<typeof consumeState>>;
  try {
    row = await consumeState(ctx, args.state, args.browserNonce, ["login", "bind"]);
  } catch (error) {
    if (error instanceof AppError) return withQuery(LOGIN_PAGE, { wxerror: "wechatStateInvalid" });
    throw error;
  }
  const bind = row.purpose === "bind";
  const outcome = await (async (): Promise<Outcome> => {
    if (!args.code || args.code.length > 128) return failed("wechatCancelled");
    const app = wechatAppOf(ctx.config.wechat, row.app as StateApp);
    if (!app) return failed("wechatNotConfigured");
    const client = new WeChatOAuthClient(ctx.config.wechat, fetchImpl);
    let who: WeChatDigests;
    let profile: WeChatProfile | null = null;
    try {
      const identity = await client.exchangeCode(app, args.code);
      // Only snsapi_login (and snsapi_userinfo) may read the nickname; snsapi_base knows the openid alone.
      if (row.app === "website") profile = await client.profile(identity).catch(() => null);
      who = wechatDigests(ctx.db, app.appId, {
        ...identity,
        unionid: identity.unionid ?? profile?.unionid ?? null,
      });
    } catch {
      return failed("wechatAuthFailed");
    }
    const nickname = profile?.nickname ?? "";
    return bind
      ? bindSignedIn(ctx, row.userId, who, nickname, row.returnTo)
      : signIn(ctx, who, nickname, row.returnTo);
  })();
  if (outcome.ok) return outcome.location;
  if (bind) return withQuery(row.returnTo || PROFILE_PAGE, { wxerror: outcome.key });
  return withQuery(LOGIN_PAGE, { wxerror: outcome.key, ...(row.returnTo ? { redirect: row.returnTo } : {}) });
}

async function signIn(
  ctx: AppContext,
  who: WeChatDigests,
  nickname: string,
  returnTo: string,
): Promise<Outcome> {
  const userId = await boundUserId(ctx.db, who);
  const redirect: Record<string, string> = returnTo ? { redirect: returnTo } : {};
  if (userId === null) {
    const ticket = await issueTicket(ctx, "bind", { ...who, userId: null, nickname, returnTo });
    return { ok: true, location: withQuery(LOGIN_PAGE, { wxbind: ticket, ...redirect }) };
  }
  const user = await ctx.db.selectFrom("users").select("status").where("id", "=", userId).executeTakeFirst();
  if (user?.status !== "active") return failed("accountDisabled");
  // Signed in through the other application of the same 开放平台 account: its openid is kept too.
  await insertBinding(ctx.db, userId, who, nickname, ctx.clock.now());
  const ticket = await issueTicket(ctx, "login", { ...who, userId, nickname, returnTo });
  return { ok: true, location: withQuery(LOGIN_PAGE, { wxticket: ticket, ...redirect }) };
}

async function bindSignedIn(
  ctx: AppContext,
  userId: number | null,
  who: WeChatDigests,
  nickname: string,
  returnTo: string,
): Promise<Outcome> {
  if (userId === null) return failed("wechatStateInvalid");
  const owner = await boundUserId(ctx.db, who);
  if (owner !== null && owner !== userId) return failed("wechatBoundToOther");
  if (owner === null && (await hasBinding(ctx.db, userId))) return failed("wechatAccountHasOther");
  // Already this account's (through the other application, by unionid): this application's openid is kept too.
  const kept = await insertBinding(ctx.db, userId, who, nickname, ctx.clock.now());
  if (owner === null && !kept) return failed("wechatBoundToOther");
  return { ok: true, location: withQuery(returnTo || PROFILE_PAGE, { wxbound: "1" }) };
}
