import {
  type AnswerExam,
  clampGrade,
  type ExamResult,
  examCounterEntries,
  examFacts,
  type Fact,
  type Grades,
  gradedTotals,
  type MessageKey,
  scoreExam,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { addToCounters, mergeCounterEntries } from "../answering/counters.ts";
import { submittedPaper } from "../answering/papers.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { emitWebhookEvents, wakeWebhooks } from "../webhooks/events.ts";
import { RESULTS_VERSION_KEY } from "./fact-bitset-cache.ts";
import { PREFIX_END } from "./filter.ts";
import { gradesOf, insertFacts, responseOf, revisionDefinitions, submitContext } from "./record.ts";
import { resultsScope } from "./scope.ts";

/** An exam response's scores with the manual grades given so far. */
export function answerExamOf(exam: ExamResult, grades: Grades): AnswerExam {
  const totals = gradedTotals(exam, grades);
  return {
    ...totals,
    questions: exam.questions.map((question) => {
      const grade = grades[question.questionId];
      const graded = question.manual && grade !== undefined;
      return {
        questionId: question.questionId,
        score: question.manual ? clampGrade(grade ?? 0, question.max) : question.score,
        max: question.max,
        manual: question.manual,
        graded,
        correct: question.correct,
      };
    }),
  };
}

/**
 * `answer/gradeAnswer`: manual scores for essay/upload questions of one response. The total, pass and the
 * response's score facts are recomputed in one transaction; grading again replaces the grade.
 */
export async function gradeAnswer(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; responseId: number; grades: { questionId: string; score: number }[] },
): Promise<AnswerExam> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const row = await responseOf(ctx.db, input.id, input.responseId);
  const published = (await revisionDefinitions(ctx.db, [row.revisionId])).get(row.revisionId);
  if (!published || row.score === null) throw InvalidInputError.field("responseId", "examReportNotExam");
  // 随机组卷: the candidate was graded against their own paper, and so is the grade by hand.
  const definition = await submittedPaper(
    ctx.db,
    input.id,
    { id: row.revisionId, definition: published },
    row.deviceId,
  );
  const openStored = await answersOpener(ctx.db, input.id);
  const exam = scoreExam(definition, openStored(row.answers), submitContext(row));
  const manual = new Map(exam.questions.filter((q) => q.manual).map((q) => [q.questionId, q]));
  const errors = input.grades.flatMap((grade, index): { field: string; key: MessageKey }[] => {
    const question = manual.get(grade.questionId);
    if (!question) return [{ field: `grades.${index}.questionId`, key: "gradeNotManual" as const }];
    if (grade.score < 0 || grade.score > question.max)
      return [{ field: `grades.${index}.score`, key: "gradeOutOfRange" as const }];
    return [];
  });
  if (errors.length > 0) {
    const [first] = errors;
    throw InvalidInputError.field(first?.field ?? "grades", first?.key ?? "gradesInvalid");
  }
  return transaction(ctx.db, async (trx, onCommit) => {
    const now = iso(ctx.clock.now());
    for (const grade of input.grades) {
      await trx
        .insertInto("response_grades")
        .values({
          questionnaireId: input.id,
          responseId: row.id,
          questionId: grade.questionId,
          score: grade.score,
          gradedBy: viewer.user.id,
          gradedAt: now,
        })
        .onConflict((oc) =>
          oc
            .columns(["responseId", "questionId"])
            .doUpdateSet({ score: grade.score, gradedBy: viewer.user.id, gradedAt: now }),
        )
        .execute();
    }
    const grades = (await gradesOf(trx, [row.id])).get(row.id) ?? {};
    const totals = gradedTotals(exam, grades);
    await trx
      .updateTable("responses")
      .set({ score: totals.total, passed: totals.passed === null ? null : totals.passed ? 1 : 0 })
      .where("id", "=", row.id)
      .execute();
    const emitted = await emitWebhookEvents(trx, ctx.clock.now(), input.id, [
      {
        type: "response.updated",
        payload: { questionnaireId: input.id, responseId: row.id, change: "graded" },
      },
    ]);
    if (emitted > 0) onCommit(() => wakeWebhooks(ctx.db));
    const scoreFacts = trx
      .selectFrom("response_facts")
      .where("questionnaireId", "=", input.id)
      .where("responseId", "=", row.id)
      .where("key", ">=", "score:")
      .where("key", "<", `score:${PREFIX_END}`);
    const before: Fact[] = (await scoreFacts.select(["questionId", "key", "num", "text"]).execute()).map(
      (fact) => ({
        questionId: fact.questionId,
        key: fact.key,
        num: fact.num ?? undefined,
        text: fact.text ?? undefined,
      }),
    );
    await trx
      .deleteFrom("response_facts")
      .where("questionnaireId", "=", input.id)
      .where("responseId", "=", row.id)
      .where("key", ">=", "score:")
      .where("key", "<", `score:${PREFIX_END}`)
      .execute();
    const after = examFacts(exam, grades);
    await insertFacts(trx, input.id, row.id, after);
    // Exam facts changed: cached fact bitsets read the version and look again; a valid response's exam
    // counters (the unfiltered report) trade the old facts for the new.
    await addToCounters(
      trx,
      input.id,
      mergeCounterEntries([
        [RESULTS_VERSION_KEY, 1],
        ...(row.status === "valid"
          ? [...examCounterEntries(before, -1), ...examCounterEntries(after, 1)]
          : []),
      ]),
    );
    return answerExamOf(exam, grades);
  });
}
