import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listAuditLogs } from "../../commands/admin/audit.ts";
import { encryptionStatus, rotateAllDataKeys } from "../../commands/privacy/encryption-admin.ts";
import { markLeadHandled, reviewFriendLink } from "../../commands/site/requests.ts";
import { readSiteSettings, saveSiteSettings } from "../../commands/site/settings.ts";
import { wechatIntegrationStatus } from "../../commands/wechat/integration-status.ts";
import type { AppContext } from "../../context.ts";
import { pageNewestFirst } from "../../db/paging.ts";
import { defineRoute } from "../../http/route.ts";
import { presentAdminFriendLink, presentLead } from "../../presenters/admin.ts";
import { idInput } from "./content-schema.ts";
import {
  auditListInput,
  friendLinkListInput,
  friendLinkReviewInput,
  leadListInput,
  settingsSaveInput,
} from "./schema.ts";

/** Friend-link requests, leads from the site's forms, site settings, personal-data encryption and the audit log. */
export function adminSiteRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/friendLink/list",
    access: "admin:content",
    input: friendLinkListInput,
    handler: ({ input }) => {
      let query = ctx.db.selectFrom("friend_links");
      if (input.status) query = query.where("status", "=", input.status);
      return pageNewestFirst(query, input, presentAdminFriendLink);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/friendLink/review",
    access: "admin:content",
    input: friendLinkReviewInput,
    handler: ({ input, viewer }) => reviewFriendLink(ctx, viewer.user.id, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/lead/list",
    access: "admin:leads",
    input: leadListInput,
    handler: ({ input }) => {
      let query = ctx.db.selectFrom("leads");
      if (input.kind) query = query.where("kind", "=", input.kind);
      if (input.status) query = query.where("status", "=", input.status);
      return pageNewestFirst(query, input, presentLead);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/lead/handle",
    access: "admin:leads",
    input: idInput,
    handler: ({ input, viewer }) => markLeadHandled(ctx, viewer.user.id, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/settings/get",
    access: "admin:settings",
    input: z.object({}),
    handler: () => readSiteSettings(ctx),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/settings/save",
    access: "admin:settings",
    input: settingsSaveInput,
    handler: ({ input, viewer }) => saveSiteSettings(ctx, viewer.user.id, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/security/getEncryption",
    access: "admin:settings",
    input: z.object({}),
    handler: () => encryptionStatus(ctx),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/security/rotateDataKeys",
    access: "admin:settings",
    input: z.object({}),
    handler: ({ viewer }) => rotateAllDataKeys(ctx, viewer.user.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/security/getWeChat",
    access: "admin:settings",
    input: z.object({}),
    handler: async () => wechatIntegrationStatus(ctx.config),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/audit/list",
    access: "admin:audit",
    input: auditListInput,
    handler: ({ input }) => listAuditLogs(ctx.db, input),
  });
}
