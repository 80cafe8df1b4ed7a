import type { FastifyInstance } from "fastify";
import { checkPracticeAnswer, openPractice } from "../../commands/exams/practice.ts";
import type { AppContext } from "../../context.ts";
import { defineRoute } from "../../http/route.ts";
import { checkExerciseInput, openExerciseInput } from "./schema.ts";

/**
 * 刷题 (the seed's doing-exercises screen, /practice/{id}): `/wjgj/api/exercise/*`, open like /r/{id}; the
 * policy `mayPractise` decides which questionnaires are shared for practice.
 */
export function exerciseRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "GET",
    path: "exercise/getExercise",
    access: "optional",
    input: openExerciseInput,
    handler: ({ viewer, input }) => openPractice(ctx, viewer, input),
  });

  defineRoute(app, ctx, {
    method: "POST",
    path: "exercise/checkExerciseAnswer",
    access: "optional",
    input: checkExerciseInput,
    handler: ({ viewer, input }) => checkPracticeAnswer(ctx, viewer, input),
  });
}
