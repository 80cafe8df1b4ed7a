import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/index.ts";
import { WeChatApiError } from "./api-error.ts";
import type { WeChatApp, WeChatConfig } from "./env.ts";
import { sharedValue } from "./shared-cache.ts";
import { checked, requestStableToken, STALE_TOKEN_CODES, wechatCall } from "./stable-token.ts";

/**
 * WeChat's JS-SDK for the 公众号 (分享给朋友 / 分享到朋友圈 cards on the answer page): the 公众号's access token and
 * its jsapi_ticket, both kept in the wechat_cache table so every instance uses the same ones (each fetch of a
 * ticket counts against a daily quota), and the signature `wx.config` needs for one page address.
 */
export interface JsSdkConfig {
  appId: string;
  /** Seconds since the epoch. */
  timestamp: number;
  nonceStr: string;
  signature: string;
}

interface Deps {
  db: Db;
  clock: Clock;
  config: { wechat: Pick<WeChatConfig, "apiBase" | "officialAccount"> };
}

/**
 * The JS-SDK signature (附录1-JS-SDK使用权限签名算法): SHA-1 of the four fields in this order, the address
 * without its #fragment, none of them URL-encoded.
 */
export function jsapiSignature(input: {
  ticket: string;
  nonceStr: string;
  timestamp: number;
  url: string;
}): string {
  const url = input.url.split("#")[0] ?? "";
  return createHash("sha1")
    .update(`jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${url}`)
    .digest("hex");
}

function officialAccountOf(deps: Deps): WeChatApp {
  const app = deps.config.wechat.officialAccount;
  if (!app) throw new WeChatApiError("未配置微信公众号", null);
  return app;
}

/** The 公众号's access token, shared by every instance; `force` when WeChat said the kept one is stale. */
export function officialAccessToken(deps: Deps, force = false): Promise<string> {
  const app = officialAccountOf(deps);
  return sharedValue(
    deps.db,
    deps.clock,
    `oa:${app.appId}:access_token`,
    () => requestStableToken(deps.config.wechat.apiBase, app, force),
    force,
  );
}

/** The 公众号's jsapi_ticket (cgi-bin/ticket/getticket?type=jsapi), shared by every instance. */
export function jsapiTicket(deps: Deps): Promise<string> {
  const app = officialAccountOf(deps);
  const ask = (token: string) =>
    wechatCall(
      deps.config.wechat.apiBase,
      `/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`,
    );
  return sharedValue(deps.db, deps.clock, `oa:${app.appId}:jsapi_ticket`, async () => {
    let reply = await ask(await officialAccessToken(deps));
    // Another instance (or WeChat) may have replaced the token: once more with a fresh one.
    if (reply.errcode && STALE_TOKEN_CODES.has(reply.errcode))
      reply = await ask(await officialAccessToken(deps, true));
    checked(reply);
    if (typeof reply.ticket !== "string" || !reply.ticket)
      throw new WeChatApiError("微信未返回 jsapi_ticket", null);
    return { value: reply.ticket, expiresIn: Number(reply.expires_in ?? 7200) || 7200 };
  });
}

/** What `wx.config` needs for the page at `url` (the caller checked it is a page of this site). */
export async function jsSdkConfig(deps: Deps, url: string): Promise<JsSdkConfig> {
  const app = officialAccountOf(deps);
  const ticket = await jsapiTicket(deps);
  const timestamp = Math.floor(deps.clock.now().getTime() / 1000);
  const nonceStr = randomBytes(12).toString("base64url");
  return {
    appId: app.appId,
    timestamp,
    nonceStr,
    signature: jsapiSignature({ ticket, nonceStr, timestamp, url }),
  };
}
