import type { FastifyInstance } from "fastify";
import { chinaDateTime } from "../../clock.ts";
import { listUserSessions, resetUserPassword, updateUserByAdmin } from "../../commands/admin/users.ts";
import type { AppContext } from "../../context.ts";
import { pageNewestFirst } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { defineRoute } from "../../http/route.ts";
import { presentAdminUser } from "../../presenters/user.ts";
import { adminContentRoutes } from "./content.ts";
import { idInput } from "./content-schema.ts";
import { adminOrderRoutes } from "./orders.ts";
import { adminQuestionnaireRoutes } from "./questionnaire.ts";
import { phoneSearchInput, userSearchInput, userSessionsInput, userUpdateInput } from "./schema.ts";
import { adminSiteRoutes } from "./site.ts";
import { adminInvoiceRoutes, adminWithdrawalRoutes } from "./withdrawals.ts";

/** The admin console's calls: `/wjgj/api/admin/*`, each behind an admin-only policy. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/user/getUserList",
    access: "admin:users",
    input: userSearchInput,
    handler: ({ input }) => {
      let query = ctx.db.selectFrom("users");
      if (input.phone) query = query.where("phone", "like", `%${input.phone}%`);
      if (input.nickName) query = query.where(contains("nickName", input.nickName));
      return pageNewestFirst(query, input, presentAdminUser);
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/user/update",
    access: "admin:users",
    input: userUpdateInput,
    handler: ({ input, viewer }) => updateUserByAdmin(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "admin/user/resetPassword",
    access: "admin:users",
    input: idInput,
    successMessage: "passwordResetDone",
    handler: ({ input, viewer }) => resetUserPassword(ctx, viewer.user.id, input.id),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/user/getSessionList",
    access: "admin:users",
    input: userSessionsInput,
    handler: ({ input }) => listUserSessions(ctx, input),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/sms/getOutboxList",
    access: "admin:sms",
    input: phoneSearchInput,
    handler: ({ input }) => {
      let query = ctx.db.selectFrom("sms_outbox");
      if (input.phone) query = query.where("phone", "like", `%${input.phone}%`);
      return pageNewestFirst(query, input, (row) => ({ ...row, createdAt: chinaDateTime(row.createdAt) }));
    },
  });

  adminContentRoutes(app, ctx);
  adminSiteRoutes(app, ctx);
  adminQuestionnaireRoutes(app, ctx);
  adminOrderRoutes(app, ctx);
  adminWithdrawalRoutes(app, ctx);
  adminInvoiceRoutes(app, ctx);
}
