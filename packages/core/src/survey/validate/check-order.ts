import { shuffleRuns } from "../logic/question-order.ts";
import { surveyMessages as m } from "../shared/messages.ts";
import type { CheckContext } from "./check-context.ts";

/**
 * 题目随机 against jump logic. The engine applies jumps in definition order; a jump from an item that moves,
 * or to an item that moves, would skip items the respondent may see on the other side of it. Jumps from and
 * to fixed items stay exact (see `questionOrderSchema`), so those are the ones the designer must fix.
 */
export function checkQuestionOrder(ctx: CheckContext): void {
  const pageIds = new Set(ctx.definition.pages.map((page) => page.id));
  const setting = ctx.definition.settings.randomizeQuestions;
  setting?.pageIds?.forEach((id, i) => {
    if (!pageIds.has(id))
      ctx.report("missingPage", m.missingPage(id), ["settings", "randomizeQuestions", "pageIds", i]);
  });
  setting?.fixedIds.forEach((id, i) => {
    if (!ctx.questionNode(id))
      ctx.report("missingQuestion", m.missingQuestion(id), ["settings", "randomizeQuestions", "fixedIds", i]);
  });
  const moving = new Set(shuffleRuns(ctx.definition).flatMap((run) => run.ids));
  if (moving.size === 0) return;
  ctx.definition.pages.forEach((page, p) => {
    page.questions.forEach((question, q) => {
      (question.jumps ?? []).forEach((jump, i) => {
        const path = ["pages", p, "questions", q, "jumps", i];
        if (moving.has(question.id)) ctx.report("randomJumpSource", m.randomJumpSource(), path);
        else if (jump.target.kind === "question" && moving.has(jump.target.questionId))
          ctx.report("randomJumpTarget", m.randomJumpTarget(), [...path, "target"]);
      });
    });
  });
}
