import type { FastifyInstance } from "fastify";
import { deleteJump, findQuestion, readDraft } from "../../commands/questionnaires/logic.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { deleteJumpInput, questionInput } from "../questionary/logic-schema.ts";

/** 跳题逻辑 of one question in the draft: `/wjgj/api/questionJump/*`. */
export function questionJumpRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionJump/getConditionDetail",
    access: "account:use",
    input: questionInput,
    handler: async ({ viewer, input }) => {
      const question = findQuestion(await readDraft(ctx, viewer, input.id), input.questionId);
      return { questionId: question.id, title: question.title, jumps: question.jumps ?? [] };
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionJump/delCondition",
    access: "account:use",
    input: deleteJumpInput,
    handler: ({ viewer, input }) => deleteJump(ctx, viewer, input),
  });
}
