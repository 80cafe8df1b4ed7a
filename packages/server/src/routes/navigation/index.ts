import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { readFooterInfo } from "../../commands/settings.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";

/** Public site data: `/wjgj/api/navigation/*` (the rest arrives with the website issue). */
export function navigationRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getFooterInfo",
    access: "public",
    input: z.object({}),
    handler: () => readFooterInfo(ctx.db),
  });
}
