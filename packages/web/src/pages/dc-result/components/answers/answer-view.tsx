import {
  type AnswerDetail,
  type AnswerExamQuestion,
  type AnyQuestionModule,
  getQuestionType,
  type Option,
  type Question,
  richTextToPlain,
} from "@wjgj/core";
import { Space, Tag } from "antd";
import type { ReactNode } from "react";
import { typedAnswer } from "./answer-body.tsx";
import { FileLink, ProtectedImage } from "./protected-file.tsx";

/**
 * The options of the revision the respondent answered, the chosen ones under the labels they saw (stored
 * with the response: piping and 选项引用 make them differ from the config).
 */
function seenOptions(
  module: AnyQuestionModule,
  question: Question,
  labels: Record<string, string>,
): Option[] {
  const base = module.options?.(question.config) ?? [];
  const known = new Set(base.map((option) => option.id));
  const options = base
    .filter((option) => !option.hidden || labels[option.id] !== undefined)
    .map((option) => ({ ...option, label: labels[option.id] ?? option.label }));
  // Options drawn from another question (选项引用) are not in the config; their labels are.
  for (const [id, label] of Object.entries(labels)) if (!known.has(id)) options.push({ id, label });
  return options;
}

function textOf(module: AnyQuestionModule, question: Question, answer: unknown, options: Option[]): string {
  try {
    return module.toText(question.config, answer, options);
  } catch {
    // A response is stored as validated; a shape the type no longer reads is shown raw rather than lost.
    return JSON.stringify(answer);
  }
}

/**
 * The type's own drawing, or its text. The drawing trusts the answer's shape, so a shape the type no longer
 * reads (an older revision's) is shown as text instead of breaking the drawer.
 */
function shownAnswer(module: AnyQuestionModule, question: Question, answer: unknown, options: Option[]) {
  const drawn = module.answerSchema.safeParse(answer).success ? typedAnswer(question, answer, options) : null;
  if (drawn !== null) return drawn;
  return <div className="wj-answer-view__text">{textOf(module, question, answer, options)}</div>;
}

function ScoreTag({ score }: { score: AnswerExamQuestion | undefined }) {
  if (!score) return null;
  if (score.manual && !score.graded) return <Tag color="orange">待评分 · 满分 {score.max}</Tag>;
  return (
    <Tag color={score.correct ? "green" : score.score > 0 ? "gold" : "red"}>
      {score.score} / {score.max} 分
    </Tag>
  );
}

/**
 * One response as the respondent saw it: every answerable question of the revision they answered, with
 * the option labels they were shown, their signature and files; exam scores beside each question.
 * `renderGrade` adds the manual grading input under questions that need it.
 */
export function AnswerView({
  detail,
  renderGrade,
}: {
  detail: AnswerDetail;
  renderGrade?: (score: AnswerExamQuestion, number: number) => ReactNode;
}) {
  const scores = new Map(detail.exam?.questions.map((score) => [score.questionId, score]));
  // Older servers send no list: nothing reads as skipped then, as before.
  const skipped = new Set(detail.skipped ?? []);
  const masked = new Set(detail.masked ?? []);
  const pages = detail.definition.pages;
  let number = 0;
  return (
    <div className="wj-answer-view" data-testid="answer-view">
      {pages.map((page, p) => (
        <section key={page.id}>
          {pages.length > 1 && (
            <div className="wj-answer-view__page">
              第{p + 1}页{page.title ? ` · ${richTextToPlain(page.title)}` : ""}
            </div>
          )}
          {page.questions.map((question) => {
            const module = getQuestionType(question.type);
            if (!module?.answerable) return null;
            number += 1;
            const answer = detail.answers[question.id];
            const empty = answer === undefined || answer === null || module.isEmpty(answer);
            const options = seenOptions(module, question, detail.labels[question.id] ?? {});
            const score = scores.get(question.id);
            let body: ReactNode;
            if (detail.signatures[question.id]) {
              body = <ProtectedImage url={detail.signatures[question.id] ?? ""} alt={`第${number}题签名`} />;
            } else if ((detail.files[question.id] ?? []).length > 0) {
              body = (
                <Space wrap size={4}>
                  {(detail.files[question.id] ?? []).map((file) => (
                    <FileLink key={file.fileId} file={file} />
                  ))}
                </Space>
              );
            } else if (empty && masked.has(question.id)) {
              body = <span className="wj-muted">（已隐藏，点击“查看完整信息”查看）</span>;
            } else if (empty && skipped.has(question.id)) {
              body = <span className="wj-muted">（跳过）</span>;
            } else if (empty) {
              body = <span className="wj-muted">（未作答）</span>;
            } else {
              body = shownAnswer(module, question, answer, options);
            }
            return (
              <div key={question.id} className="wj-answer-view__item" data-question={question.id}>
                <div className="wj-answer-view__title">
                  <span>
                    {number}. {richTextToPlain(question.title) || "（无标题）"}
                  </span>
                  <ScoreTag score={score} />
                </div>
                {body}
                {score?.manual && renderGrade?.(score, number)}
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
