import type { FastifyInstance } from "fastify";
import { listAllTemplates, templateNames } from "../../commands/templates/lists.ts";
import {
  deleteProfession,
  deleteTemplateByAdmin,
  featureTemplate,
  listProfessions,
  reviewTemplate,
  saveProfession,
  takeDownTemplate,
  updateTemplateMetadata,
} from "../../commands/templates/review.ts";
import type { AppContext } from "../../context.ts";
import type { TemplateRow } from "../../db/tables/templates.ts";
import { defineRoute } from "../../http/route.ts";
import { presentTemplateCard } from "../../presenters/template.ts";
import { emptyInput } from "../navigation/schema.ts";
import {
  adminTemplateListInput,
  adminTemplateUpdateInput,
  featureInput,
  idInput,
  professionSaveInput,
  reviewInput,
  takeDownTemplateInput,
} from "../template/schema.ts";

/**
 * 模板管理: the review queue, featuring, and the professions. Official templates are written through
 * template/addTemplate with `official`, the same call the seed uses. Every change lands in the audit log.
 */
export function adminTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const card = async (row: TemplateRow) => presentTemplateCard(row, await templateNames(ctx.db, [row]));

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/template/list",
    access: "admin:templates",
    input: adminTemplateListInput,
    handler: ({ input }) => listAllTemplates(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/template/review",
    access: "admin:templates",
    input: reviewInput,
    handler: async ({ viewer, input }) => card(await reviewTemplate(ctx, viewer.user.id, input)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/template/feature",
    access: "admin:templates",
    input: featureInput,
    handler: async ({ viewer, input }) => card(await featureTemplate(ctx, viewer.user.id, input)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/template/update",
    access: "admin:templates",
    input: adminTemplateUpdateInput,
    handler: async ({ viewer, input }) => card(await updateTemplateMetadata(ctx, viewer.user.id, input)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/template/takeDown",
    access: "admin:templates",
    input: takeDownTemplateInput,
    handler: async ({ viewer, input }) => card(await takeDownTemplate(ctx, viewer.user.id, input)),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/template/delete",
    access: "admin:templates",
    input: idInput,
    handler: async ({ viewer, input }) => {
      await deleteTemplateByAdmin(ctx, viewer.user.id, input.id);
      return null;
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/profession/list",
    access: "admin:templates",
    input: emptyInput,
    handler: () => listProfessions(ctx.db),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/profession/save",
    access: "admin:templates",
    input: professionSaveInput,
    handler: ({ viewer, input }) => saveProfession(ctx, viewer.user.id, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/profession/delete",
    access: "admin:templates",
    input: idInput,
    handler: async ({ viewer, input }) => {
      await deleteProfession(ctx, viewer.user.id, input.id);
      return null;
    },
  });
}
