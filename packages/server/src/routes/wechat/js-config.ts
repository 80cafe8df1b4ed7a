import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { wechatJsConfig } from "../../commands/wechat/js-config.ts";
import type { AppContext } from "../../context.ts";
import { validHost } from "../../http/page-html.ts";
import { textParam } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

const jsConfigInput = z.object({ url: textParam("wechatJsSdkUrlInvalid", { min: 1, max: 1000 }) });

/** wechat/jsConfig (GET { url }, public): the answer page's `wx.config` inside WeChat (share cards). */
export function wechatJsConfigRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "wechat/jsConfig",
    access: "public",
    input: jsConfigInput,
    handler: ({ input, request }) =>
      wechatJsConfig(ctx, request.log, { url: input.url, host: validHost(request.host) }),
  });
}
