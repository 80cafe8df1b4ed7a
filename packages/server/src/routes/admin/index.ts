import type { FastifyInstance } from "fastify";
import { chinaDateTime } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount } from "../../db/index.ts";
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
    handler: async ({ input }) => {
      let query = ctx.db.selectFrom("users");
      if (input.phone) query = query.where("phone", "like", `%${input.phone}%`);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy("id", "desc")
          .limit(input.pageSize)
          .offset((input.pageNum - 1) * input.pageSize)
          .execute(),
        query
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirst()
          .then(toCount),
      ]);
      return { list: rows.map(presentAdminUser), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "admin/sms/getOutboxList",
    access: "admin:sms",
    input: phoneSearchInput,
    handler: async ({ input }) => {
      let query = ctx.db.selectFrom("sms_outbox");
      if (input.phone) query = query.where("phone", "like", `%${input.phone}%`);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy("id", "desc")
          .limit(input.pageSize)
          .offset((input.pageNum - 1) * input.pageSize)
          .execute(),
        query
          .select((eb) => eb.fn.countAll().as("count"))
          .executeTakeFirst()
          .then(toCount),
      ]);
      const list = rows.map((r) => ({ ...r, createdAt: chinaDateTime(r.createdAt) }));
      return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
    },
  });
}
