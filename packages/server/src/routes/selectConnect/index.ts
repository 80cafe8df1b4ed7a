import type { FastifyInstance } from "fastify";
import { earlierChoiceQuestions, readDraft, setSelectConnect } from "../../commands/questionnaires/logic.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import {
  editInput,
  optionalQuestionInput,
  questionnaireInput,
  selectConnectInput,
} from "../questionary/logic-schema.ts";

/** 选项关联 of the draft's questions: `/wjgj/api/selectConnect/*`. */
export function selectConnectRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "selectConnect/getSelectConnectList",
    access: "account:use",
    input: questionnaireInput,
    handler: async ({ viewer, input }) =>
      (await readDraft(ctx, viewer, input.id)).pages
        .flatMap((page) => page.questions)
        .filter((q) => q.selectConnect)
        .map((q) => ({ questionId: q.id, title: q.title, selectConnect: q.selectConnect })),
  });
  defineRoute(app, ctx, {
    method: "GET",
    path: "selectConnect/getQuestionList",
    access: "account:use",
    input: optionalQuestionInput,
    handler: async ({ viewer, input }) =>
      earlierChoiceQuestions(await readDraft(ctx, viewer, input.id), input.questionId),
  });
  for (const mode of ["add", "update"] as const) {
    defineRoute(app, ctx, {
      method: "POST",
      path: `selectConnect/${mode}Connect`,
      access: "account:use",
      input: selectConnectInput,
      handler: ({ viewer, input }) => setSelectConnect(ctx, viewer, { ...input, mode }),
    });
  }
  defineRoute(app, ctx, {
    method: "POST",
    path: "selectConnect/delSelectConnectList",
    access: "account:use",
    input: editInput,
    handler: ({ viewer, input }) =>
      setSelectConnect(ctx, viewer, { ...input, selectConnect: undefined, mode: "delete" }),
  });
}
