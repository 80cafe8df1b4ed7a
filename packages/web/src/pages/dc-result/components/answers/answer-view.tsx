import { BorderOutlined, CheckSquareFilled } from "@ant-design/icons";
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

function ChoiceAnswer({ options, selected, text }: { options: Option[]; selected: string[]; text: string }) {
  const chosen = new Set(selected);
  const hasOther = options.some((option) => option.other && chosen.has(option.id));
  return (
    <div className="wj-answer-view__choices">
      {options.map((option) => (
        <div key={option.id} className={chosen.has(option.id) ? "is-chosen" : undefined}>
          {chosen.has(option.id) ? <CheckSquareFilled /> : <BorderOutlined className="wj-muted" />}
          <span>{richTextToPlain(option.label)}</span>
        </div>
      ))}
      {hasOther && <div className="wj-answer-view__text">填写：{text}</div>}
    </div>
  );
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
            } else if (empty) {
              body = <span className="wj-muted">（未作答）</span>;
            } else if (module.selected && options.length > 0) {
              body = (
                <ChoiceAnswer
                  options={options}
                  selected={[...module.selected(answer)]}
                  text={textOf(module, question, answer, options)}
                />
              );
            } else {
              body = <div className="wj-answer-view__text">{textOf(module, question, answer, options)}</div>;
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
