import { CheckOutlined } from "@ant-design/icons";
import { bankDifficulties, bankTypeNames, richTextToPlain } from "@wjgj/core";
import { Space, Tag } from "antd";
import type { BankItem } from "../../../api/question-banks.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Full marks as the bank stores them (a paper's rule may give other points). */
function pointsOf(item: BankItem): number | null {
  const rule = item.question.scoring;
  return rule && "points" in rule ? rule.points : null;
}

/**
 * One bank question read in full: options with the right ones marked (a tick and 正确答案, not colour
 * alone), the reference answers of a 填空题, the explanation, points, difficulty and tags.
 */
export function BankQuestionView({ item, number }: { item: BankItem; number: number }) {
  const { question } = item;
  const options = (question.config as { options?: { id: string; label: string; correct?: boolean }[] })
    .options;
  const accepted = question.scoring?.mode === "text" ? question.scoring.accepted : null;
  const points = pointsOf(item);
  return (
    <div className="qb-question">
      <div className="qb-question__title">
        <span className="qb-question__no">{number}.</span>
        {richTextToPlain(question.title)}
      </div>
      <Space wrap size={4} className="qb-question__meta">
        <Tag>{bankTypeNames[question.type as keyof typeof bankTypeNames] ?? question.type}</Tag>
        <Tag color="blue">{bankDifficulties[item.difficulty - 1]}</Tag>
        {points !== null && <Tag color="gold">{points}分</Tag>}
        {item.tags.map((tag) => (
          <Tag key={tag} color="geekblue">
            #{tag}
          </Tag>
        ))}
      </Space>
      {options && (
        <ol className="qb-options" aria-label="选项">
          {options.map((option, i) => (
            <li key={option.id} className={option.correct ? "qb-option qb-option--correct" : "qb-option"}>
              <span className="qb-option__letter">{LETTERS[i]}.</span>
              <span className="qb-option__label">{richTextToPlain(option.label)}</span>
              {option.correct && (
                <span className="qb-option__mark">
                  <CheckOutlined aria-hidden /> 正确答案
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
      {accepted && (
        <p className="qb-answer">
          <span className="qb-label">参考答案：</span>
          {accepted.join(" / ")}
        </p>
      )}
      <p className="qb-answer">
        <span className="qb-label">解析：</span>
        {question.explanation?.trim() ? question.explanation : <span className="qb-muted">无</span>}
      </p>
    </div>
  );
}
