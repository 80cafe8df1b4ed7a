import { REVIEW_REASON_MAX, type ReviewDecision } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { reviewResponses } from "../../commands/reviews/review.ts";
import type { AppContext } from "../../context.ts";
import { textParam } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";
import { answerStatusInput } from "../statistics/schema.ts";

export const rejectInput = answerStatusInput.extend({
  reason: textParam("reviewReasonRequired", { min: 1, max: REVIEW_REASON_MAX, multiline: true }),
});

/**
 * 审核 (issue #41): `answer/approveAnswers`, `answer/rejectAnswers` (with a reason) and `answer/undoReview`,
 * each over one or many selected responses (owner and 管理员: `manageResponses`; see core api/reviews.ts).
 */
export function reviewRoutes(app: FastifyInstance, ctx: AppContext): void {
  const calls: [string, ReviewDecision][] = [
    ["answer/approveAnswers", "approve"],
    ["answer/undoReview", "undo"],
  ];
  for (const [path, decision] of calls) {
    defineRoute(app, ctx, {
      method: "POST",
      path,
      access: "account:use",
      input: answerStatusInput,
      handler: ({ viewer, input }) =>
        reviewResponses(ctx, viewer, { id: input.id, responseIds: input.responseIds, decision }),
    });
  }
  defineRoute(app, ctx, {
    method: "POST",
    path: "answer/rejectAnswers",
    access: "account:use",
    input: rejectInput,
    handler: ({ viewer, input }) =>
      reviewResponses(ctx, viewer, {
        id: input.id,
        responseIds: input.responseIds,
        decision: "reject",
        reason: input.reason,
      }),
  });
}
