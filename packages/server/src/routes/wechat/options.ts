import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { wechatOptions } from "../../commands/wechat/options.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";

/** wechat/options (GET, public): which WeChat features are configured, so pages show only those. */
export function wechatOptionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "wechat/options",
    access: "public",
    input: z.object({}),
    handler: async () => wechatOptions(ctx.config.wechat),
  });
}
