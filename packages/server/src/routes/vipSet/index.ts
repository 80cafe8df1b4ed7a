import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listVipSets } from "../../commands/site/content.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";

/** Membership levels for the pricing page: `/wjgj/api/vipSet/*` (seed §7). */
export function vipSetRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "vipSet/getVipSetList",
    access: "public",
    input: z.object({}),
    handler: () => listVipSets(ctx.db),
  });
}
