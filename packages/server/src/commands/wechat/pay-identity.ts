import type { AppContext } from "../../context.ts";
import { identityCookieHeader } from "../../wechat/identity-cookie.ts";
import { authorizeUrl, WeChatOAuthClient } from "../../wechat/oauth.ts";
import { consumeState, issueState, safeReturnPath } from "./oauth-states.ts";

/** Where a buyer lands when the authorisation cannot finish: 消费明细, where 继续支付 is offered. */
export const PAY_FALLBACK_PAGE = "/dc/personalCenter?type=3";

/**
 * Paying inside WeChat (JSAPI) needs the buyer's openid under the 公众号: the 公众号's silent authorisation
 * (snsapi_base, no consent screen) gives it. `wechat/payAuthorize` sends the browser to WeChat with a state
 * bound to it; WeChat comes back to `wechat/payCallback`, which seals the openid into the identity cookie
 * (wechat/identity-cookie.ts, never readable by the page) and returns the browser to the purchase.
 * Null when no 公众号 is configured.
 */
export async function startPayAuthorisation(
  ctx: AppContext,
  request: { browserNonce: string; returnTo: string | undefined; redirectUri: string },
): Promise<string | null> {
  const oa = ctx.config.wechat.officialAccount;
  if (!oa) return null;
  const state = await issueState(ctx, request.browserNonce, {
    purpose: "pay",
    app: "oa",
    returnTo: safeReturnPath(request.returnTo, PAY_FALLBACK_PAGE),
  });
  return authorizeUrl(ctx.config.wechat, oa, {
    redirectUri: request.redirectUri,
    state,
    scope: "snsapi_base",
  });
}

/**
 * WeChat's return: the state must be this browser's, for paying, unused; the code is exchanged once. Answers
 * where to send the browser and the identity cookie to set (null when the buyer declined).
 */
export async function finishPayAuthorisation(
  ctx: AppContext,
  request: { code: string | undefined; state: string | undefined; browserNonce: string | null },
  fetchImpl: typeof fetch = fetch,
): Promise<{ location: string; cookie: string | null }> {
  const oa = ctx.config.wechat.officialAccount;
  const row = await consumeState(ctx, request.state, request.browserNonce, ["pay"]);
  const location = safeReturnPath(row.returnTo, PAY_FALLBACK_PAGE);
  // Declined (WeChat came back without a code): back to the purchase, which offers the QR code instead.
  if (!oa || !request.code || request.code.length > 128) return { location, cookie: null };
  const identity = await new WeChatOAuthClient(ctx.config.wechat, fetchImpl).exchangeCode(oa, request.code);
  const cookie = identityCookieHeader(ctx.config, {
    appId: oa.appId,
    openid: identity.openid,
    unionid: identity.unionid,
    nickname: "",
    avatarUrl: "",
    at: ctx.clock.now().getTime(),
  });
  return { location, cookie };
}
