import type { FastifyInstance } from "fastify";
import {
  earlierChoiceQuestions,
  findQuestion,
  readDraft,
  setOptionSource,
} from "../../commands/questionnaires/logic.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { optionSourceInput, questionInput } from "../questionary/logic-schema.ts";

/** 引用选项 (select-join) of the draft's questions: `/wjgj/api/questionSelectJoin/*`. */
export function questionSelectJoinRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "questionSelectJoin/getSelectJoinQuestionList",
    access: "account:use",
    input: questionInput,
    handler: async ({ viewer, input }) => {
      const definition = await readDraft(ctx, viewer, input.id);
      const question = findQuestion(definition, input.questionId);
      return {
        current: question.optionSource ?? null,
        sources: earlierChoiceQuestions(definition, input.questionId),
      };
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "questionSelectJoin/addQuestionSelectJoin",
    access: "account:use",
    input: optionSourceInput,
    handler: ({ viewer, input }) => setOptionSource(ctx, viewer, input),
  });
}
