import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SessionOrigin } from "../../commands/account/sessions.ts";
import { bindingStatus, unbindWeChat } from "../../commands/wechat/bindings.ts";
import { browserNonceOf, safeReturnPath } from "../../commands/wechat/oauth-states.ts";
import {
  finishWeChatSignIn,
  LOGIN_PAGE,
  startWeChatSignIn,
  withQuery,
} from "../../commands/wechat/sign-in.ts";
import { bindWeChatByPhone, loginWithWeChatTicket } from "../../commands/wechat/tickets.ts";
import type { AppContext } from "../../context.ts";
import { NotLoggedInError } from "../../errors.ts";
import { siteOrigin } from "../../http/page-html.ts";
import { API_PREFIX, defineRoute } from "../../http/route.ts";
import { ensureBrowserNonce } from "../../http/wechat-browser.ts";
import { bindPhoneInput, startSignInInput, ticketInput } from "./sign-in-schema.ts";

export const CALLBACK_PATH = `${API_PREFIX}/wechat/loginCallback`;
function origin(request: FastifyRequest, fromType: number): SessionOrigin {
  return { ip: request.ip, userAgent: String(request.headers["user-agent"] ?? ""), fromType };
}

const single = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Signing in with WeChat (issue #39): `wechat/authorize` starts it (a JSON call, so a binding carries the
 * login token), WeChat comes back to `wechat/loginCallback` (a browser navigation, answered by a redirect to
 * the page), and the page finishes with `wechat/ticketLogin` or `wechat/bindPhone`. 个人中心 reads
 * `wechat/binding` and calls `wechat/unbind`.
 */
export function wechatSignInRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "wechat/authorize",
    access: "optional",
    input: startSignInInput,
    handler: async ({ input, viewer, request, reply }) => {
      if (input.purpose === "bind" && !viewer) throw new NotLoggedInError();
      const site = siteOrigin(request, ctx.config);
      const browserNonce = ensureBrowserNonce(request, reply);
      return startWeChatSignIn(ctx, {
        browserNonce,
        purpose: input.purpose,
        app: input.app,
        userId: viewer?.user.id ?? null,
        returnTo: safeReturnPath(input.returnTo, ""),
        redirectUri: `${site}${CALLBACK_PATH}`,
      });
    },
  });

  // A browser navigation from WeChat: always a redirect to a page of the site, never JSON.
  app.get(CALLBACK_PATH, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    let location: string;
    try {
      location = await finishWeChatSignIn(ctx, {
        code: single(query.code),
        state: single(query.state),
        browserNonce: browserNonceOf(request.headers.cookie),
      });
    } catch (error) {
      request.log.error({ err: error }, "wechat sign-in callback failed");
      location = withQuery(LOGIN_PAGE, { wxerror: "wechatAuthFailed" });
    }
    return reply
      .header("Cache-Control", "no-store")
      .header("Referrer-Policy", "no-referrer")
      .redirect(location, 302);
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "wechat/ticketLogin",
    access: "public",
    input: ticketInput,
    handler: ({ input, request, fromType }) =>
      loginWithWeChatTicket(ctx, input.ticket, origin(request, fromType)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "wechat/bindPhone",
    access: "public",
    input: bindPhoneInput,
    handler: ({ input, request, fromType }) => bindWeChatByPhone(ctx, input, origin(request, fromType)),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "wechat/binding",
    access: "account:use",
    input: z.object({}),
    handler: ({ viewer }) => bindingStatus(ctx.db, viewer.user.id),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "wechat/unbind",
    access: "account:use",
    input: z.object({}),
    successMessage: "wechatUnbound",
    handler: async ({ viewer }) => {
      await unbindWeChat(ctx.db, viewer.user.id);
      return null;
    },
  });
}
