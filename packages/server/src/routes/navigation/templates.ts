import { questionaryKindInfos } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { assertQuestionnaireQuota } from "../../commands/money/membership.ts";
import { listPublicTemplates } from "../../commands/templates/lists.ts";
import { quoteTemplate } from "../../commands/templates/quote.ts";
import { listProfessions } from "../../commands/templates/review.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { presentQuestionnaireSummary } from "../../presenters/questionnaire.ts";
import { galleryInput, idInput } from "../template/schema.ts";
import { emptyInput } from "./schema.ts";

/** The public template gallery and using a template: `navigation/*Template*` and friends (seed §7). */
export function navigationTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getChoiceTemplateList",
    access: "public",
    input: galleryInput,
    handler: ({ input }) => listPublicTemplates(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getProfessionList",
    access: "public",
    input: emptyInput,
    handler: () => listProfessions(ctx.db),
  });

  // The kinds with their scene categories, as the gallery's first filter row.
  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getQuestionaryTypeList",
    access: "public",
    input: emptyInput,
    handler: async () => questionaryKindInfos,
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "navigation/quoteTemplate",
    access: "account:use",
    input: idInput,
    successMessage: "templateQuoted",
    handler: async ({ viewer, input }) => {
      await assertQuestionnaireQuota(ctx.db, viewer.user, ctx.clock.now());
      return presentQuestionnaireSummary(await quoteTemplate(ctx, viewer, input.id));
    },
  });
}
