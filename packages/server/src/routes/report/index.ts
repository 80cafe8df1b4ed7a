import { messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { openSharedReport } from "../../commands/reports/report-share.ts";
import type { AppContext } from "../../context.ts";
import { blankAsAbsent } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

const sharedReportInput = z.object({
  token: z
    .string({ error: messages.reportShareLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16}$/, messages.reportShareLinkInvalid),
  password: blankAsAbsent(
    z.string({ error: messages.reportSharePasswordWrong }).max(100, messages.reportSharePasswordWrong),
  ),
});

/**
 * `/wjgj/api/report/*`: the shared 数据报告 (/report/{token}), open to anyone with the link, like /r/{id}; the
 * creator switches it on and off through statistics/saveReportShare.
 */
export function reportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "report/getSharedReport",
    access: "optional",
    input: sharedReportInput,
    handler: ({ input, ip }) => openSharedReport(ctx, input, ip),
  });
}
