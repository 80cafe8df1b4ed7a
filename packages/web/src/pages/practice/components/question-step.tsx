import type { PracticeAnswer, PracticeFeedback, PracticeQuestion } from "@wjgj/core";
import { Alert, Button, Checkbox, Input, Radio } from "antd";
import { useState } from "react";

const letter = (i: number) => String.fromCharCode(65 + i);

function keyText(question: PracticeQuestion, feedback: PracticeFeedback): string {
  if (question.answerKind === "text") return feedback.acceptedAnswers.join(" 或 ");
  return question.options
    .map((option, i) =>
      feedback.correctOptionIds.includes(option.id) ? `${letter(i)}. ${option.label}` : null,
    )
    .filter(Boolean)
    .join("；");
}

function optionClass(id: string, chosen: readonly string[], feedback: PracticeFeedback | undefined): string {
  if (!feedback) return "pr-option";
  if (feedback.correctOptionIds.includes(id)) return "pr-option pr-option--right";
  return chosen.includes(id) ? "pr-option pr-option--wrong" : "pr-option";
}

interface Props {
  question: PracticeQuestion;
  number: number;
  total: number;
  feedback: PracticeFeedback | undefined;
  checking: boolean;
  last: boolean;
  onCheck(answer: PracticeAnswer): void;
  onNext(): void;
}

/** One question of a round: answer, 提交答案, then the verdict, the correct answer and 答案解析 at once. */
export function QuestionStep({ question, number, total, feedback, checking, last, onCheck, onNext }: Props) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [text, setText] = useState("");
  const answered = question.answerKind === "text" ? text.trim() !== "" : chosen.length > 0;
  const locked = feedback !== undefined || checking;
  const handleSubmit = () => onCheck(question.answerKind === "text" ? { text } : { optionIds: chosen });

  const options = question.options.map((option, i) => ({
    value: option.id,
    label: (
      <span>
        {letter(i)}. {option.label}
      </span>
    ),
    className: optionClass(option.id, chosen, feedback),
  }));

  return (
    <section className="pr-card" aria-labelledby="pr-question-title">
      <p className="pr-step">
        第 {number} / {total} 题 · {question.typeLabel}
      </p>
      <h2 className="pr-title" id="pr-question-title">
        {question.title}
      </h2>
      {question.answerKind === "single" && (
        <Radio.Group
          className="pr-options"
          aria-labelledby="pr-question-title"
          disabled={locked}
          value={chosen[0]}
          onChange={(event) => setChosen([event.target.value as string])}
          options={options}
        />
      )}
      {question.answerKind === "multiple" && (
        <Checkbox.Group
          className="pr-options"
          aria-labelledby="pr-question-title"
          disabled={locked}
          value={chosen}
          onChange={(values) => setChosen(values as string[])}
          options={options}
        />
      )}
      {question.answerKind === "text" && (
        <Input
          aria-labelledby="pr-question-title"
          placeholder="请输入答案"
          disabled={locked}
          value={text}
          maxLength={5000}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={() => answered && !locked && handleSubmit()}
        />
      )}
      {feedback && (
        <div className="pr-feedback" aria-live="polite">
          <Alert
            type={feedback.correct ? "success" : "error"}
            showIcon
            title={feedback.correct ? "回答正确" : "回答错误"}
            description={<span>正确答案：{keyText(question, feedback)}</span>}
          />
          <div className="pr-explanation">
            <strong>答案解析</strong>
            <p>{feedback.explanation || "暂无解析"}</p>
          </div>
        </div>
      )}
      <div className="pr-actions">
        {feedback ? (
          <Button type="primary" size="large" block onClick={onNext}>
            {last ? "完成本轮" : "下一题"}
          </Button>
        ) : (
          <Button
            type="primary"
            size="large"
            block
            disabled={!answered}
            loading={checking}
            onClick={handleSubmit}
          >
            提交答案
          </Button>
        )}
      </div>
    </section>
  );
}
