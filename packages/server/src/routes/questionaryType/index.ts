import { questionaryKindInfos } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { listProfessions } from "../../commands/templates/review.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { kindFilterInput } from "../questionary/schema.ts";

/** The six questionnaire kinds and their sub-categories: `/wjgj/api/questionaryType/*`. */
export function questionaryTypeRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionaryType/onelist",
    access: "public",
    input: kindFilterInput.pick({}),
    handler: async () => questionaryKindInfos,
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionaryType/list",
    access: "public",
    input: kindFilterInput,
    handler: async ({ input }) =>
      questionaryKindInfos.filter((info) => !input.kind || info.kind === input.kind),
  });
  // The template gallery's 行业 filter (same list as navigation/getProfessionList).
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionaryType/getProfessionList",
    access: "public",
    input: kindFilterInput.pick({}),
    handler: () => listProfessions(ctx.db),
  });
}
