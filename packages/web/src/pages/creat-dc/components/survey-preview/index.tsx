import { getQuestionType, type Question, type SurveyDefinition } from "@wjgj/core";
import { Fragment } from "react";
import { QuestionBody } from "./question-body.tsx";
import { Rich } from "./rich.tsx";
import "./survey-preview.css";

const blankRun = /_{3,}/g;

function scoreOf(question: Question): string | null {
  const rule = question.scoring;
  if (!rule) return null;
  if ("points" in rule) return `${rule.points}分`;
  if (rule.mode === "blanks") return `每空${rule.pointsPerBlank}分`;
  return "按选项计分";
}

function QuestionItem({ question, number }: { question: Question; number: number | null }) {
  if (question.type === "paragraph") {
    return (
      <div className="wj-pv__paragraph">
        <Rich html={question.title} className="wj-pv__paragraph-title" />
        {question.description && <Rich html={question.description} className="wj-pv__desc" />}
      </div>
    );
  }
  const score = scoreOf(question);
  // 横向填空 draws its blanks inside the title.
  const title =
    question.type === "inlineBlank"
      ? question.title.replace(blankRun, '<u class="wj-pv__gap">　　　　</u>')
      : question.title;
  return (
    <div className="wj-pv__question" data-testid="preview-question">
      <div className="wj-pv__title">
        {question.required && <span className="wj-pv__required">*</span>}
        {number !== null && <span className="wj-pv__number">{number}.</span>}
        <Rich html={title} />
        <span className="wj-pv__type">{getQuestionType(question.type)?.name}</span>
        {score && <span className="wj-pv__score">{score}</span>}
      </div>
      {question.description && <Rich html={question.description} className="wj-pv__desc" />}
      <QuestionBody question={question} />
    </div>
  );
}

/** The imported questionnaire as a respondent would roughly see it, page by page. */
export function SurveyPreview({ definition }: { definition: SurveyDefinition }) {
  let number = 0;
  const numbered = definition.settings.numbering !== "none";
  return (
    <article className="wj-pv" data-testid="survey-preview">
      <header className="wj-pv__head">
        <h2>{definition.title}</h2>
        {definition.description && <Rich html={definition.description} className="wj-pv__intro" />}
      </header>
      {definition.pages.map((page, pageIndex) => (
        <Fragment key={page.id}>
          {pageIndex > 0 && (
            <div className="wj-pv__page-break">
              <span>
                第 {pageIndex + 1} 页{page.title ? ` · ${page.title}` : ""}
              </span>
            </div>
          )}
          {pageIndex === 0 && page.title && <div className="wj-pv__page-title">{page.title}</div>}
          {page.questions.map((question) => {
            const answerable = getQuestionType(question.type)?.answerable ?? false;
            if (answerable) number += 1;
            return (
              <QuestionItem
                key={question.id}
                question={question}
                number={answerable && numbered ? number : null}
              />
            );
          })}
        </Fragment>
      ))}
    </article>
  );
}
