import type { ExamReview } from "@wjgj/core";
import { richTextToPlain } from "@wjgj/core/survey/definition/rich-text";
import type { Question } from "@wjgj/core/survey/index";
import { answerTexts } from "@wjgj/core/text/answer-texts";
import { Tag } from "antd";

type Options = { options?: { id: string; label: string }[] };

function labels(question: Question | undefined, ids: readonly string[]): string {
  const options = (question?.config as Options | undefined)?.options ?? [];
  return ids.map((id) => richTextToPlain(options.find((o) => o.id === id)?.label ?? id)).join("、");
}

function chosenIds(answer: unknown): string[] | null {
  if (typeof answer !== "object" || answer === null) return null;
  const record = answer as { optionId?: unknown; optionIds?: unknown };
  if (typeof record.optionId === "string") return [record.optionId];
  if (Array.isArray(record.optionIds))
    return record.optionIds.filter((id): id is string => typeof id === "string");
  return null;
}

/** The candidate's answer as text: the options chosen, or what they typed (each blank in turn). */
function answerText(question: Question | undefined, answer: unknown): string {
  if (answer === undefined || answer === null || answer === "") return "";
  const ids = chosenIds(answer);
  if (ids) return labels(question, ids);
  if (typeof answer === "string") return answer;
  return question ? answerTexts(question, answer).join("；") : "";
}

/** 查分: the answer sheet, question by question, with the score, the right answer and 答案解析. */
export function ReviewSheet({ review }: { review: ExamReview }) {
  const { exam, definition, answers } = review;
  const questions = new Map(
    definition.pages.flatMap((page) => page.questions.map((q) => [q.id, q] as const)),
  );
  return (
    <>
      <section className="es-score" aria-label="成绩">
        <p className="es-total">
          <b>{exam.total}</b>
          <span>{` / ${exam.max} 分`}</span>
        </p>
        {exam.passed !== null ? (
          <Tag color={exam.passed ? "success" : "error"}>
            {exam.passed ? "已通过" : "未通过"}
            {exam.passMark !== null ? `（及格线 ${exam.passMark} 分）` : ""}
          </Tag>
        ) : null}
        {exam.pendingManual > 0 ? (
          <p className="rc-note">{`另有 ${exam.pendingManual} 题待人工评分，最终成绩以阅卷结果为准`}</p>
        ) : null}
      </section>
      <ol className="rc-items es-items" aria-label="答卷">
        {(exam.questions ?? []).map((score, i) => {
          const question = questions.get(score.questionId);
          const key = exam.answerKey?.[score.questionId];
          const textKey = exam.textKeys?.[score.questionId];
          const explanation = exam.explanations?.[score.questionId];
          const state = score.manual ? "" : score.correct ? " is-right" : " is-wrong";
          return (
            <li
              key={score.questionId}
              className={`es-item${state}`}
              data-testid={`review-${score.questionId}`}
            >
              <h2>{`${i + 1}. ${richTextToPlain(question?.title ?? "")}`}</h2>
              <p>{`您的答案：${answerText(question, answers[score.questionId]) || "未作答"}`}</p>
              {key ? <p>{`正确答案：${labels(question, key)}`}</p> : null}
              {!key && textKey ? <p>{`参考答案：${textKey}`}</p> : null}
              <p className="es-points">
                {`得分：${score.score} / ${score.max}`}
                {score.manual ? "（待评分）" : ""}
              </p>
              {explanation ? (
                <p className="es-explain">
                  <b>答案解析：</b>
                  {explanation}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
