import { DeleteOutlined } from "@ant-design/icons";
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { Issue, Page, Question } from "@wjgj/core";
import { useRef } from "react";
import type { SurveyIndex } from "../../lib/survey-index.ts";
import { editorActions } from "../../store/use-editor.ts";
import { PAGE_PREFIX } from "./designer-dnd.tsx";
import { QuestionCard } from "./question-card.tsx";

const none: readonly string[] = [];

/**
 * Cards per group (.dd-card-group in dc-design.css). Typing in a title lays out the edited card's parent, whose
 * every child is visited again, and re-checks each off-screen element's visibility (content-visibility: auto)
 * in each frame: with the cards as direct children of the page that was 1,000 of each per key on a
 * 1,000-question page (issue #37). In groups it is the page's groups and one group's cards, and an off-screen
 * group hides its cards from both.
 */
export const CARD_GROUP_SIZE = 25;
/** A card's height before it was ever laid out: the cards' contain-intrinsic-size in dc-design.css. */
const CARD_ESTIMATE_PX = 150;

/** Consecutive runs of CARD_GROUP_SIZE questions, by position (a moved card may change group). */
function groupsOf(questions: readonly Question[]): Question[][] {
  const groups: Question[][] = [];
  for (let start = 0; start < questions.length; start += CARD_GROUP_SIZE)
    groups.push(questions.slice(start, start + CARD_GROUP_SIZE));
  return groups;
}

/** The page's question ids, as the same array while they do not change (SortableContext re-renders on a new one). */
function useStableIds(page: Page): string[] {
  const previous = useRef<string[]>([]);
  const ids = page.questions.map((question) => question.id);
  const same = ids.length === previous.current.length && ids.every((id, i) => id === previous.current[i]);
  if (!same) previous.current = ids;
  return previous.current;
}

interface PageBlockProps {
  page: Page;
  pageNumber: number;
  pageCount: number;
  index: SurveyIndex;
  selectedId: string | null;
  logic: ReadonlyMap<string, readonly string[]>;
  issues: ReadonlyMap<string, Issue[]>;
}

export function PageBlock({ page, pageNumber, pageCount, index, selectedId, logic, issues }: PageBlockProps) {
  const ids = useStableIds(page);
  const droppable = useDroppable({ id: `${PAGE_PREFIX}${page.id}` });
  const firstPage = pageNumber === 1;
  const lastPage = pageNumber === pageCount;
  return (
    <section className="dd-page" aria-label={`第${pageNumber}页`}>
      {pageCount > 1 && (
        <div className="dd-page__bar">
          <span className="dd-page__name">
            第 {pageNumber} 页 / 共 {pageCount} 页
          </span>
          <input
            className="dd-page__title"
            aria-label={`第${pageNumber}页标题`}
            placeholder="页面标题（选填）"
            maxLength={200}
            value={page.title ?? ""}
            onChange={(event) =>
              editorActions().updatePage(page.id, { title: event.target.value || undefined })
            }
          />
          <button
            type="button"
            className="dd-page__remove"
            title={firstPage ? "把本页题目并入下一页" : "把本页题目并入上一页"}
            onClick={() => editorActions().removePage(page.id)}
          >
            <DeleteOutlined aria-hidden /> 删除分页
          </button>
        </div>
      )}
      <SortableContext id={page.id} items={ids} strategy={verticalListSortingStrategy}>
        {groupsOf(page.questions).map((group, g) => (
          <div
            // By position: a group keeps its element while its cards change, and React moves cards only
            // within it (one that crosses into the next group is mounted there afresh).
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={g}
            className={
              group.some((question) => question.id === selectedId)
                ? "dd-card-group dd-card-group--selected"
                : "dd-card-group"
            }
            // Skipped while off-screen, a group is as tall as its cards were last seen, or their estimate.
            style={{ containIntrinsicSize: `auto ${group.length * CARD_ESTIMATE_PX}px` }}
          >
            {group.map((question, j) => {
              const i = g * CARD_GROUP_SIZE + j;
              return (
                <QuestionCard
                  key={question.id}
                  question={question}
                  number={index.byId.get(question.id)?.number ?? null}
                  selected={question.id === selectedId}
                  pageId={page.id}
                  logic={logic.get(question.id) ?? none}
                  issues={issues.get(question.id)}
                  canMoveUp={!(firstPage && i === 0)}
                  canMoveDown={!(lastPage && i === page.questions.length - 1)}
                />
              );
            })}
          </div>
        ))}
      </SortableContext>
      <div
        ref={droppable.setNodeRef}
        className={`dd-page__drop${page.questions.length === 0 ? " dd-page__drop--empty" : ""}${droppable.isOver ? " dd-page__drop--over" : ""}`}
      >
        {page.questions.length === 0 ? (
          <>
            <span className="dd-page__hint-wide">本页还没有题目：点击左侧题型添加，或把题型拖到这里</span>
            {/* The phone layout has no left column: its palette is behind the bottom bar. */}
            <span className="dd-page__hint-phone">本页还没有题目：点击下方“添加题目”选择题型</span>
          </>
        ) : null}
      </div>
    </section>
  );
}
