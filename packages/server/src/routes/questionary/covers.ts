import { questionaryCovers } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { emptyInput } from "../navigation/schema.ts";

/** questionary/getQuestionaryCoverList: the stock covers a template (or questionnaire) may pick. */
export function questionaryCoverRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionary/getQuestionaryCoverList",
    access: "account:use",
    input: emptyInput,
    handler: async () => questionaryCovers,
  });
}
