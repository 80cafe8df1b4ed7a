import type { SubmitReply } from "@wjgj/core/pages/answer";
import { richTextToPlain } from "@wjgj/core/survey/definition/rich-text";
import type { SurveyDefinition } from "@wjgj/core/survey/index";
import { indexDefinition } from "../../lib/view.ts";

/*
 * The exam's score with its answer key and the vote's live results on the thank-you screen: a chunk of their own,
 * loaded only after an exam or a vote is submitted (the answer page's size budget).
 */

function labelsOf(definition: SurveyDefinition, questionId: string, ids: readonly string[]): string {
  const question = indexDefinition(definition).questions.get(questionId);
  const options =
    (question?.config as { options?: { id: string; label: string }[] } | undefined)?.options ?? [];
  return ids.map((id) => options.find((o) => o.id === id)?.label ?? id).join("、");
}

function chosenIds(answer: unknown): string[] {
  if (typeof answer !== "object" || answer === null) return [];
  const record = answer as { optionId?: unknown; optionIds?: unknown };
  if (typeof record.optionId === "string") return [record.optionId];
  return Array.isArray(record.optionIds)
    ? record.optionIds.filter((id): id is string => typeof id === "string")
    : [];
}

/** What the respondent typed into a fill-in: the text, or each blank's in turn (named as they saw it). */
function typedText(question: { config: unknown } | undefined, answer: unknown): string {
  if (typeof answer === "string") return answer.trim();
  if (typeof answer !== "object" || answer === null) return "";
  const typed = answer as Record<string, unknown>;
  const blanks =
    (question?.config as { blanks?: { id: string; label?: string }[] } | undefined)?.blanks ?? [];
  return blanks
    .map((blank, i) => {
      const text = typeof typed[blank.id] === "string" ? String(typed[blank.id]).trim() : "";
      return text ? `${richTextToPlain(blank.label ?? "").trim() || `填空${i + 1}`}：${text}` : "";
    })
    .filter(Boolean)
    .join("；");
}

export function ExamResult(props: {
  exam: NonNullable<SubmitReply["exam"]>;
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
}) {
  const { exam, definition } = props;
  const index = indexDefinition(definition);
  return (
    <section className="wa-result">
      <div className="wa-score">
        <b>{exam.total}</b>
        <span>{`/ ${exam.max} 分`}</span>
      </div>
      {exam.passed !== null ? (
        <p className={`wa-pass${exam.passed ? " is-pass" : " is-fail"}`}>
          {exam.passed ? "恭喜，您已通过" : "很遗憾，未通过"}
          {exam.passMark !== null ? `（及格线 ${exam.passMark} 分）` : ""}
        </p>
      ) : null}
      {exam.pendingManual > 0 ? (
        <p className="wa-hint">{`另有 ${exam.pendingManual} 题待人工评分，最终成绩以阅卷结果为准`}</p>
      ) : null}
      {exam.questions ? (
        <ol className="wa-review">
          {exam.questions.map((score) => {
            const key = exam.answerKey?.[score.questionId];
            const explanation = exam.explanations?.[score.questionId];
            const textKey = exam.textKeys?.[score.questionId];
            const question = index.questions.get(score.questionId);
            return (
              <li
                key={score.questionId}
                className={score.correct ? "is-right" : score.manual ? "" : "is-wrong"}
              >
                <div className="wa-review-title">{richTextToPlain(question?.title ?? score.questionId)}</div>
                <div className="wa-review-line">{`得分：${score.score} / ${score.max}${score.manual ? "（待评分）" : ""}`}</div>
                {key ? (
                  <>
                    <div className="wa-review-line">{`您的答案：${labelsOf(definition, score.questionId, chosenIds(props.answers[score.questionId])) || "未作答"}`}</div>
                    <div className="wa-review-line">{`正确答案：${labelsOf(definition, score.questionId, key)}`}</div>
                  </>
                ) : textKey ? (
                  <>
                    <div className="wa-review-line">{`您的答案：${typedText(question, props.answers[score.questionId]) || "未作答"}`}</div>
                    <div className="wa-review-line">{`参考答案：${textKey}`}</div>
                  </>
                ) : null}
                {explanation ? (
                  <div className="wa-review-explain" data-testid={`explanation-${score.questionId}`}>
                    <b>答案解析：</b>
                    {explanation}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

export function VoteResults(props: {
  results: NonNullable<SubmitReply["voteResults"]>;
  definition: SurveyDefinition;
}) {
  const index = indexDefinition(props.definition);
  return (
    <section className="wa-result">
      <h2 className="wa-result-title">投票结果</h2>
      {Object.entries(props.results).map(([questionId, counts]) => {
        const total = counts.reduce((sum, c) => sum + c.count, 0);
        return (
          <div key={questionId} className="wa-votes">
            <div className="wa-review-title">
              {richTextToPlain(index.questions.get(questionId)?.title ?? "")}
            </div>
            {counts.map((c) => {
              const percent = total > 0 ? Math.round((c.count / total) * 100) : 0;
              return (
                <div key={c.optionId} className="wa-vote">
                  <div className="wa-vote-head">
                    <span>{c.label}</span>
                    <span>{`${c.count} 票 · ${percent}%`}</span>
                  </div>
                  <div className="wa-bar">
                    <i style={{ width: `${percent}%` }} />
                  </div>
                </div>
              );
            })}
          </div>
        );
      })}
    </section>
  );
}

/** After submitting: message, score (exams), vote bars, and the redirect countdown. */

export default function ReplyDetails(props: {
  reply: SubmitReply;
  definition: SurveyDefinition;
  answers: Record<string, unknown>;
}) {
  const { reply } = props;
  return (
    <>
      {reply.exam ? (
        <ExamResult exam={reply.exam} definition={props.definition} answers={props.answers} />
      ) : null}
      {reply.voteResults ? <VoteResults results={reply.voteResults} definition={props.definition} /> : null}
    </>
  );
}
