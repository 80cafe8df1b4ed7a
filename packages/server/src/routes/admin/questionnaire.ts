import type { FastifyInstance } from "fastify";
import {
  listAllQuestionnaires,
  restoreQuestionnaire,
  takeDownQuestionnaire,
} from "../../commands/admin/questionnaires.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { idInput } from "./content-schema.ts";
import { questionnaireListInput, takeDownInput } from "./schema.ts";

/** Every user's questionnaires, and taking one down (with a reason respondents never see) or restoring it. */
export function adminQuestionnaireRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/questionnaire/list",
    access: "admin:questionnaires",
    input: questionnaireListInput,
    handler: ({ input }) => listAllQuestionnaires(ctx.db, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/questionnaire/takeDown",
    access: "admin:questionnaires",
    input: takeDownInput,
    handler: ({ input, viewer }) => takeDownQuestionnaire(ctx, viewer.user.id, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/questionnaire/restore",
    access: "admin:questionnaires",
    input: idInput,
    handler: ({ input, viewer }) => restoreQuestionnaire(ctx, viewer.user.id, input.id),
  });
}
