import { PlusOutlined } from "@ant-design/icons";
import { type DragStartEvent, useDndMonitor } from "@dnd-kit/core";
import type { SurveyDefinition } from "@wjgj/core";
import { useMemo, useRef, useState } from "react";
import { type SummaryContext, summariesOf } from "../../lib/condition-summary.ts";
import { groupIssues } from "../../lib/issues.ts";
import { indexSurvey } from "../../lib/survey-index.ts";
import { editorActions, useEditor } from "../../store/use-editor.ts";
import { ConflictBanner } from "../conflict-banner.tsx";
import { PALETTE_PREFIX } from "./designer-dnd.tsx";
import { PageBlock } from "./page-block.tsx";
import { SurveyHeader } from "./survey-header.tsx";

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * Logic summaries per question. They read other questions (numbers, option labels), so they are recomputed
 * with the draft, but an unchanged summary keeps its array so the card's memo still holds.
 */
function useLogicSummaries(draft: SurveyDefinition, index: ReturnType<typeof indexSurvey>) {
  const cache = useRef(new Map<string, readonly string[]>());
  return useMemo(() => {
    const ctx: SummaryContext = { definition: draft, index };
    const next = new Map<string, readonly string[]>();
    for (const page of draft.pages) {
      for (const question of page.questions) {
        if (!question.showIf && !question.jumps?.length && !question.selectConnect && !question.optionSource)
          continue;
        const texts = summariesOf(ctx, question);
        const previous = cache.current.get(question.id);
        next.set(question.id, previous && sameTexts(previous, texts) ? previous : texts);
      }
    }
    cache.current = next;
    return next;
  }, [draft, index]);
}

/** Whether a card is being dragged: the canvas then renders every card group (dc-design.css .dd-card-group). */
function useDraggingCard(): boolean {
  const [dragging, setDragging] = useState(false);
  useDndMonitor(
    useMemo(
      () => ({
        onDragStart: ({ active }: DragStartEvent) =>
          setDragging(!String(active.id).startsWith(PALETTE_PREFIX)),
        onDragEnd: () => setDragging(false),
        onDragCancel: () => setDragging(false),
      }),
      [],
    ),
  );
  return dragging;
}

/** The questionnaire as respondents will see it, page by page, edited in place. */
export function Canvas() {
  const draft = useEditor((state) => state.draft);
  return draft ? <CanvasContent draft={draft} /> : null;
}

function CanvasContent({ draft }: { draft: SurveyDefinition }) {
  const selectedId = useEditor((state) => state.selectedId);
  const issues = useEditor((state) => state.issues);
  const index = useMemo(() => indexSurvey(draft), [draft]);
  const logic = useLogicSummaries(draft, index);
  // Issues arrive after a pause in editing; grouping them only then keeps each card's issue list stable.
  // biome-ignore lint/correctness/useExhaustiveDependencies: regrouped when the issues change, on purpose not per keystroke.
  const grouped = useMemo(() => groupIssues(draft, issues), [issues]);
  const dragging = useDraggingCard();

  return (
    <div className={dragging ? "dd-canvas dd-canvas--dragging" : "dd-canvas"} data-testid="designer-canvas">
      <ConflictBanner />
      <div className="dd-paper">
        <SurveyHeader title={draft.title} description={draft.description ?? ""} />
        {draft.pages.map((page, i) => (
          <PageBlock
            key={page.id}
            page={page}
            pageNumber={i + 1}
            pageCount={draft.pages.length}
            index={index}
            selectedId={selectedId}
            logic={logic}
            issues={grouped.byQuestion}
          />
        ))}
        <div className="dd-paper__footer">
          <button type="button" className="dd-add-page" onClick={() => editorActions().addPage()}>
            <PlusOutlined aria-hidden /> 添加新页
          </button>
        </div>
      </div>
    </div>
  );
}
