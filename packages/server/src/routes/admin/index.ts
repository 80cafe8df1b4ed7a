import type { FastifyInstance } from "fastify";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { pageNewestFirst } from "../../db/paging.ts";
import { defineRoute } from "../../http/route.ts";
import { presentAdminUser } from "../../presenters/user.ts";
import { phoneSearchInput } from "./schema.ts";

/** The admin console's calls: `/wjgj/api/admin/*`, each behind an admin-only policy. */
export function adminRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/user/getUserList",
    access: "admin:users",
    input: phoneSearchInput,
    handler: ({ input }) => {
      let query = ctx.db.selectFrom("users");
      if (input.phone) query = query.where("phone", "like", `%${input.phone}%`);
      return pageNewestFirst(query, input, presentAdminUser);
    },
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
}
