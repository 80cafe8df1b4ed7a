import type { FastifyInstance } from "fastify";
import { listMyTemplates, readTemplate, templateNames } from "../../commands/templates/lists.ts";
import { createTemplate, deleteTemplate, updateTemplate } from "../../commands/templates/write.ts";
import type { AppContext } from "../../context.ts";
import type { TemplateRow } from "../../db/tables/templates.ts";
import { defineRoute } from "../../http/route.ts";
import { presentTemplateCard } from "../../presenters/template.ts";
import { addTemplateInput, galleryInput, idInput, updateTemplateInput } from "./schema.ts";

/** Whole definitions travel in these calls, as in questionary/saveQuestionary. */
const DEFINITION_BODY_LIMIT = 8 * 1024 * 1024;

/** An author's templates: `/wjgj/api/template/*` (seed §7). Policies in policies/allowOnTemplate. */
export function templateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const card = async (row: TemplateRow) => presentTemplateCard(row, await templateNames(ctx.db, [row]));

  defineRoute(app, ctx, {
    method: "POST",
    path: "template/addTemplate",
    access: "account:use",
    input: addTemplateInput,
    bodyLimit: DEFINITION_BODY_LIMIT,
    successMessage: "templateSaved",
    handler: async ({ viewer, input }) => card(await createTemplate(ctx, viewer, input)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "template/updateTemplate",
    access: "account:use",
    input: updateTemplateInput,
    bodyLimit: DEFINITION_BODY_LIMIT,
    successMessage: "templateSaved",
    handler: async ({ viewer, input }) => {
      const { id, ...fields } = input;
      return card(await updateTemplate(ctx, viewer, id, fields));
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "template/delTemplate",
    access: "account:use",
    input: idInput,
    handler: async ({ viewer, input }) => {
      await deleteTemplate(ctx, viewer, input.id);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "template/getMyTemplateList",
    access: "account:use",
    input: galleryInput,
    handler: ({ viewer, input }) => listMyTemplates(ctx, viewer, input),
  });

  // The preview (/questionnaireDetails) and the template designer: public for approved public templates.
  defineRoute(app, ctx, {
    method: "GET",
    path: "template/getTemplateDetail",
    access: "optional",
    input: idInput,
    handler: ({ viewer, input }) => readTemplate(ctx, viewer, input.id),
  });
}
