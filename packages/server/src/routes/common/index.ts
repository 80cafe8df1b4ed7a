import { areaList } from "@vant/area-data";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";

/** Shared reference data: `/wjgj/api/common/*`. */
export function commonRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "common/getProvideCityAreaList",
    access: "public",
    input: z.object({}),
    handler: async ({ reply }) => {
      // The area codes change about once a year; browsers and proxies may keep them for a day.
      reply.header("Cache-Control", "public, max-age=86400");
      return areaList;
    },
  });
}
