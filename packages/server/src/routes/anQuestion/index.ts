import type { FastifyInstance } from "fastify";
import { verifyAnswerToken } from "../../commands/answering/answer-token.ts";
import { findByPublicId, openQuestionnaire } from "../../commands/answering/open.ts";
import { openPreview } from "../../commands/answering/preview.ts";
import { submitResponse } from "../../commands/answering/submit.ts";
import {
  findMyResponses,
  getMyResponsesLookup,
  getReceipt,
  requestErasure,
} from "../../commands/privacy/respondent-rights.ts";
import type { AppContext } from "../../context.ts";
import { metricsOf } from "../../http/metrics.ts";
import { defineRoute } from "../../http/route.ts";
import { wechatIdentityOfRequest } from "../../wechat/identity-cookie.ts";
import { bookingRoutes } from "./bookings.ts";
import { formOrderRoutes } from "./form-orders.ts";
import {
  checkInput,
  erasureInput,
  myResponsesInput,
  myResponsesLookupInput,
  openInput,
  previewInput,
  receiptInput,
  submitInput,
} from "./schema.ts";

/** Respondents' calls (no login needed): `/wjgj/api/anQuestion/*`. */
export function anQuestionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/getQuestionary",
    access: "optional",
    input: openInput,
    handler: ({ viewer, input, ip, request }) =>
      openQuestionnaire(ctx, viewer, {
        ...input,
        ip,
        wechat: wechatIdentityOfRequest(ctx.config, request.headers.cookie, ctx.clock.now()),
      }),
  });

  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/getPreviewQuestionary",
    access: "account:use",
    input: previewInput,
    handler: ({ viewer, input }) => openPreview(ctx, viewer, input.publicId),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/questionAnswer",
    access: "optional",
    input: submitInput,
    bodyLimit: 2 * 1024 * 1024,
    successMessage: "answerSubmitted",
    handler: async ({ viewer, input, request, ip }) => {
      // The page must have opened this very revision (past its gates) recently; previews are never stored.
      const answerSession = input.preview
        ? undefined
        : verifyAnswerToken(ctx, input.answerToken, input).session;
      const stored = await submitResponse(
        ctx,
        viewer,
        { ...input, answerSession },
        {
          ip,
          userAgent: String(request.headers["user-agent"] ?? ""),
          // Who the respondent is in WeChat, from the sealed cookie only (never from the request's fields).
          wechat: wechatIdentityOfRequest(ctx.config, request.headers.cookie, ctx.clock.now()),
        },
      );
      if (!input.preview) metricsOf(request.server)?.submitsStored.inc();
      return stored;
    },
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/checkSuccess",
    access: "public",
    input: checkInput,
    handler: async ({ input }) => {
      const row = await findByPublicId(ctx.db, input.publicId);
      const response = await ctx.db
        .selectFrom("responses")
        .select("id")
        .where("questionnaireId", "=", row.id)
        .where("idempotencyKey", "=", input.idempotencyKey)
        .executeTakeFirst();
      return { stored: response !== undefined, responseId: response?.id ?? null };
    },
  });

  // Respondents' rights (issue #36): the receipt of a response, a request to delete it, and finding one's own
  // responses by a code sent to the phone they answered with.
  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/getReceipt",
    access: "public",
    input: receiptInput,
    handler: ({ input }) => getReceipt(ctx, input.token),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/requestErasure",
    access: "public",
    input: erasureInput,
    handler: ({ input }) => requestErasure(ctx, input.token, input.reason),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "anQuestion/getMyResponsesLookup",
    access: "public",
    input: myResponsesLookupInput,
    handler: ({ input }) => getMyResponsesLookup(ctx, input.publicId),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "anQuestion/findMyResponses",
    access: "public",
    input: myResponsesInput,
    handler: ({ input }) => findMyResponses(ctx, input),
  });

  // 预约 (issue #41): live slots, and cancel / move / .ics / find by code.
  bookingRoutes(app, ctx);
  formOrderRoutes(app, ctx);
}
