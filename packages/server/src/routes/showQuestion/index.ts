import type { FastifyInstance } from "fastify";
import { deleteShowCondition, findQuestion, readDraft } from "../../commands/questionnaires/logic.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { editInput, questionInput, questionnaireInput } from "../questionary/logic-schema.ts";

/** 显示逻辑 of the draft's questions: `/wjgj/api/showQuestion/*`. */
export function showQuestionRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "showQuestion/getShowList",
    access: "account:use",
    input: questionnaireInput,
    handler: async ({ viewer, input }) =>
      (await readDraft(ctx, viewer, input.id)).pages
        .flatMap((page) => page.questions)
        .filter((q) => q.showIf)
        .map((q) => ({ questionId: q.id, title: q.title, showIf: q.showIf })),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "showQuestion/getShowDetail",
    access: "account:use",
    input: questionInput,
    handler: async ({ viewer, input }) => {
      const question = findQuestion(await readDraft(ctx, viewer, input.id), input.questionId);
      return { questionId: question.id, title: question.title, showIf: question.showIf ?? null };
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "showQuestion/delShow",
    access: "account:use",
    input: editInput,
    handler: ({ viewer, input }) => deleteShowCondition(ctx, viewer, input),
  });
}
