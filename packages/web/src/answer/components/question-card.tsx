import { richTextToPlain } from "@wjgj/core/survey/definition/rich-text";
import type { Issue, Question } from "@wjgj/core/survey/index";
import { type FieldA11y, FieldA11yContext, groupAttrs } from "./a11y/field-a11y.ts";
import type { FieldContext, ViewOption } from "./field-types.ts";
import { QuestionInput } from "./question-input.tsx";
import { RichText } from "./rich-text.tsx";
import { InlineBlankTitle } from "./text/inline-blank.tsx";

export interface CardProps {
  question: Question;
  number: number | undefined;
  /** Title and description after piping, when the question pipes earlier answers. */
  text: { title: string; description?: string } | undefined;
  value: unknown;
  options: readonly ViewOption[];
  errors: readonly Issue[];
  warnings: readonly Issue[];
  /** Shown once the respondent has left the question or tried to go on. */
  revealed: boolean;
  serverError: string | undefined;
  /** 显示每题分值: the question's full points, shown after its title when the exam shows them. */
  points?: number | undefined;
  inGroup: boolean;
  context: FieldContext;
  onChange(questionId: string, value: unknown): void;
  onReveal(questionId: string): void;
}

/** The small grey hint after a title, as 问卷星 shows it: the type and the selection bounds. */
function hintOf(question: Question): string {
  switch (question.type) {
    case "multiple":
    case "imageMultiple":
    case "voteMultiple": {
      const { min, max } = question.config.selection ?? {};
      if (min !== undefined && max !== undefined) return `【多选题，请选择${min}-${max}项】`;
      if (max !== undefined) return `【多选题，最多选${max}项】`;
      if (min !== undefined) return `【多选题，至少选${min}项】`;
      return "【多选题】";
    }
    case "ranking":
      return "【排序题】";
    case "allocation":
      return `【比重题，合计${question.config.total}】`;
    case "matrixMultiple":
      return "【矩阵多选题】";
    default:
      return "";
  }
}

function Messages({ issues, kind }: { issues: readonly Issue[]; kind: "error" | "warning" }) {
  const unique = [...new Set(issues.map((issue) => issue.message))];
  return (
    <>
      {unique.map((message) => (
        <p key={message} className={kind === "error" ? "wa-error" : "wa-warning"}>
          {message}
        </p>
      ))}
    </>
  );
}

/**
 * Types whose answer is several inputs: the field is a group named by the title. The others name their
 * one control (or their radiogroup) by the title themselves.
 */
const GROUPED = new Set<Question["type"]>([
  "multiple",
  "imageMultiple",
  "voteMultiple",
  "cascader",
  "multiBlank",
  "dateRange",
  "allocation",
  "ranking",
  "matrixSingle",
  "matrixMultiple",
  "matrixFill",
  "matrixScale",
  "matrixDropdown",
  "table",
  "file",
]);

export function QuestionCard(props: CardProps) {
  const { question, text, number } = props;
  const title = text?.title ?? question.title;
  const description = text?.description ?? question.description;
  const handleChange = (value: unknown) => props.onChange(question.id, value);

  if (question.type === "paragraph")
    return (
      <section
        id={`q-${question.id}`}
        className={`wa-para${question.config.align === "center" ? " is-center" : ""}`}
      >
        <RichText html={title} className="wa-para-title" />
        {description ? <RichText html={description} className="wa-desc" /> : null}
      </section>
    );
  if (question.type === "divider")
    return (
      <hr
        id={`q-${question.id}`}
        className={`wa-divider${question.config.style === "dashed" ? " is-dashed" : ""}`}
      />
    );
  if (question.type === "group")
    return (
      <section id={`q-${question.id}`} className="wa-group">
        <RichText html={title} className="wa-group-title" />
        {description ? <RichText html={description} className="wa-desc" /> : null}
      </section>
    );

  const showErrors = props.revealed && (props.errors.length > 0 || props.serverError !== undefined);
  const a11y: FieldA11y = {
    titleId: `t-${question.id}`,
    name: `${number !== undefined ? `${number}. ` : ""}${richTextToPlain(title).trim()}`,
    required: question.required === true,
    invalid: showErrors,
    errorId: showErrors ? `e-${question.id}` : undefined,
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout bookkeeping (when to show errors), no action
    <div
      id={`q-${question.id}`}
      className={`wa-card${showErrors ? " has-error" : ""}${props.inGroup ? " in-group" : ""}`}
      data-question={question.id}
      onBlur={(event) => {
        // Moving between the inputs of one question (blanks, matrix rows) is not leaving it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) props.onReveal(question.id);
      }}
    >
      <div className="wa-title" id={`t-${question.id}`}>
        {question.required ? (
          <i className="wa-req" aria-hidden="true">
            *
          </i>
        ) : null}
        {number !== undefined ? <span className="wa-no">{`${number}. `}</span> : null}
        {question.type === "inlineBlank" ? (
          <InlineBlankTitle
            a11y={a11y}
            question={question}
            title={title}
            value={props.value}
            onChange={handleChange}
          />
        ) : (
          <RichText as="span" html={title} className="wa-title-text" />
        )}
        {question.required ? <span className="wa-sr">（必答）</span> : null}
        {props.points !== undefined ? <span className="wa-points">{`（${props.points}分）`}</span> : null}
        {hintOf(question) ? <span className="wa-type-hint">{hintOf(question)}</span> : null}
      </div>
      {description ? <RichText html={description} className="wa-desc" /> : null}
      <FieldA11yContext value={a11y}>
        <div className="wa-field" {...(GROUPED.has(question.type) ? groupAttrs(a11y) : {})}>
          <QuestionInput
            question={question}
            value={props.value}
            options={props.options}
            onChange={handleChange}
            context={props.context}
          />
        </div>
      </FieldA11yContext>
      {showErrors ? (
        <div id={a11y.errorId}>
          <Messages issues={props.errors} kind="error" />
          {props.serverError ? <p className="wa-error">{props.serverError}</p> : null}
        </div>
      ) : null}
      {props.revealed ? <Messages issues={props.warnings} kind="warning" /> : null}
    </div>
  );
}
