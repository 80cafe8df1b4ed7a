import type { FastifyInstance } from "fastify";
import { browserNonceOf } from "../../commands/wechat/oauth-states.ts";
import {
  finishPayAuthorisation,
  PAY_FALLBACK_PAGE,
  startPayAuthorisation,
} from "../../commands/wechat/pay-identity.ts";
import type { AppContext } from "../../context.ts";
import { siteOrigin } from "../../http/page-html.ts";
import { API_PREFIX } from "../../http/route.ts";
import { ensureBrowserNonce } from "../../http/wechat-browser.ts";

export const PAY_AUTHORIZE_PATH = `${API_PREFIX}/wechat/payAuthorize`;
export const PAY_CALLBACK_PATH = `${API_PREFIX}/wechat/payCallback`;

const single = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Browser navigations of paying inside WeChat (JSAPI), both answered by redirects: `wechat/payAuthorize?returnTo=`
 * to WeChat's silent authorisation, `wechat/payCallback` back to the purchase with the buyer's openid sealed in
 * the identity cookie. Without a 公众号 the first goes straight back.
 */
export function wechatPayAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(PAY_AUTHORIZE_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const target = await startPayAuthorisation(ctx, {
      browserNonce: ensureBrowserNonce(request, reply),
      returnTo: single(query.returnTo),
      redirectUri: `${siteOrigin(request, ctx.config)}${PAY_CALLBACK_PATH}`,
    });
    return reply.header("Cache-Control", "no-store").redirect(target ?? PAY_FALLBACK_PAGE, 302);
  });

  app.get(PAY_CALLBACK_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let location = PAY_FALLBACK_PAGE;
    try {
      const finished = await finishPayAuthorisation(ctx, {
        code: single(query.code),
        state: single(query.state),
        browserNonce: browserNonceOf(request.headers.cookie),
      });
      location = finished.location;
      if (finished.cookie) reply.header("Set-Cookie", finished.cookie);
    } catch (error) {
      // The error's class and WeChat's code only: the query holds the code and the state.
      const errcode = (error as { errcode?: unknown }).errcode ?? null;
      request.log.warn({ errcode, kind: (error as Error).name }, "wechat pay authorisation failed");
    }
    return reply
      .header("Cache-Control", "no-store")
      .header("Referrer-Policy", "no-referrer")
      .redirect(location, 302);
  });
}
