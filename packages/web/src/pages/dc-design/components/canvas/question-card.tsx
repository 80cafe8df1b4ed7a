import { BranchesOutlined, ExclamationCircleOutlined, HolderOutlined } from "@ant-design/icons";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { getQuestionType, type Issue, type Question, sanitizeRichText } from "@wjgj/core";
import { memo, useMemo } from "react";
import { editorActions } from "../../store/use-editor.ts";
import { InlineRichText } from "./inline-rich-text.tsx";
import { InlineBlankTitle } from "./previews/text-preview.tsx";
import { QuestionBody } from "./question-body.tsx";
import { QuestionToolbar } from "./question-toolbar.tsx";
import { RichHtml } from "./rich-html.tsx";

export interface QuestionCardProps {
  question: Question;
  number: number | null;
  selected: boolean;
  pageId: string;
  /** Readable summaries of the question's logic (显示/跳题/关联/引用). */
  logic: readonly string[];
  issues: readonly Issue[] | undefined;
  canMoveUp: boolean;
  canMoveDown: boolean;
}

/** Set by a click on a title so the editor that replaces it takes the focus (one click to start typing). */
let focusTitleOf: string | null = null;

/** A title as the canvas shows it when not being edited (the read-only designer shows every title so). */
export function StaticTitle({ question }: { question: Question }) {
  const html = useMemo(() => sanitizeRichText(question.title), [question.title]);
  if (question.type === "inlineBlank") return <InlineBlankTitle html={html} />;
  if (!html)
    return <span className="dd-card__placeholder">{question.type === "divider" ? "" : "请输入题目"}</span>;
  return <RichHtml html={html} />;
}

/** 题号 with the required mark, as every card shows it. */
export function CardNumber({ question, number }: { question: Question; number: number | null }) {
  if (number === null) return null;
  return (
    <span className="dd-card__no">
      {question.required && <i className="dd-required">*</i>}
      {number}.
    </span>
  );
}

/** Readable summaries of the question's logic under the card. */
export function LogicChips({ logic }: { logic: readonly string[] }) {
  if (logic.length === 0) return null;
  return (
    <div className="dd-card__logic">
      {logic.map((text) => (
        <span className="dd-logic-chip" key={text}>
          <BranchesOutlined /> {text}
        </span>
      ))}
    </div>
  );
}

/**
 * One question on the canvas. Memoised on its props: an edit replaces only the edited question object, so
 * typing in one title re-renders one card out of hundreds.
 */
export const QuestionCard = memo(function QuestionCard(props: QuestionCardProps) {
  const { question, number, selected, pageId, logic, issues } = props;
  const sortable = useSortable({
    id: question.id,
    data: { pageId },
    attributes: { roleDescription: "可拖动排序的题目" },
  });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const module = getQuestionType(question.type);
  const layoutItem = question.type === "divider" || question.type === "paragraph";
  const hasErrors = issues?.some((issue) => issue.level === "error");

  const handleSelect = () => {
    if (!selected) editorActions().select(question.id);
  };

  const classes = ["dd-card"];
  if (selected) classes.push("dd-card--selected");
  if (sortable.isDragging) classes.push("dd-card--dragging");
  if (hasErrors) classes.push("dd-card--error");
  if (layoutItem) classes.push("dd-card--layout");

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: selecting by pointer; keyboard users select through the outline and the drag handle's focus.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    <div
      ref={sortable.setNodeRef}
      style={style}
      className={classes.join(" ")}
      data-qid={question.id}
      data-testid="question-card"
      onClick={handleSelect}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        className="dd-card__handle"
        aria-label="拖动排序"
        onFocus={handleSelect}
        {...sortable.attributes}
        {...sortable.listeners}
      >
        <HolderOutlined />
      </button>
      <div className="dd-card__head">
        <CardNumber question={question} number={number} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only notes that the click came from the title; selection is the card's. */}
        <div
          className="dd-card__title"
          onMouseDown={() => {
            if (!selected) focusTitleOf = question.id;
          }}
        >
          {selected && question.type !== "divider" ? (
            <InlineRichText
              ariaLabel="题目标题"
              value={question.title}
              placeholder="请输入题目"
              autoFocus={focusTitleOf === question.id}
              onChange={(html) => {
                focusTitleOf = null;
                editorActions().setQuestionTitle(question.id, html);
              }}
            />
          ) : (
            <StaticTitle question={question} />
          )}
        </div>
        <span className="dd-card__type">{module?.name}</span>
      </div>
      {question.description && (
        <RichHtml className="dd-card__desc" html={sanitizeRichText(question.description)} />
      )}
      <div className="dd-card__body">
        <QuestionBody question={question} selected={selected} />
      </div>
      <LogicChips logic={logic} />
      {issues && issues.length > 0 && (
        <ul className="dd-card__issues">
          {issues.map((issue) => (
            <li
              key={`${issue.code}:${issue.path.join(".")}:${issue.message}`}
              className={`dd-issue dd-issue--${issue.level}`}
            >
              <ExclamationCircleOutlined /> {issue.message}
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <QuestionToolbar
          question={question}
          pageId={pageId}
          canMoveUp={props.canMoveUp}
          canMoveDown={props.canMoveDown}
        />
      )}
    </div>
  );
});
