import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { getQuestionType, type QuestionType, type SurveyDefinition } from "@wjgj/core";
import { type ReactNode, useState } from "react";
import { type InsertPoint, locateQuestion } from "../../store/definition-ops.ts";
import { scrollToQuestion } from "../../store/ui-store.ts";
import { editorActions, editorStore } from "../../store/use-editor.ts";

export const PALETTE_PREFIX = "palette:";
export const PAGE_PREFIX = "page:";

/** Where a drop over `overId` lands: before (or after) a question, or at the end of an empty page's zone. */
export function dropPoint(definition: SurveyDefinition, overId: string, after: boolean): InsertPoint | null {
  if (overId.startsWith(PAGE_PREFIX)) {
    const pageId = overId.slice(PAGE_PREFIX.length);
    const page = definition.pages.find((candidate) => candidate.id === pageId);
    return page ? { pageId, index: page.questions.length } : null;
  }
  const at = locateQuestion(definition, overId);
  const page = at ? definition.pages[at.pageIndex] : undefined;
  if (!at || !page) return null;
  return { pageId: page.id, index: at.questionIndex + (after ? 1 : 0) };
}

/**
 * A new question lands where the pointer is (the dragged chip is small and far from the cards' centres);
 * reordering cards keeps dnd-kit's centre-based detection, which suits a vertical list.
 */
const collision: CollisionDetection = (args) => {
  if (String(args.active.id).startsWith(PALETTE_PREFIX)) {
    const hits = pointerWithin(args);
    if (hits.length > 0) return hits;
  }
  return closestCenter(args);
};

/** The pointer's vertical position at the end of a drag, from where it started plus how far it moved. */
function pointerY(event: DragEndEvent): number | null {
  const start = event.activatorEvent;
  if (start instanceof MouseEvent || (typeof PointerEvent !== "undefined" && start instanceof PointerEvent))
    return start.clientY + event.delta.y;
  return null;
}

/**
 * One drag-and-drop context for the palette and the canvas: palette items drop in as new questions at the
 * drop position, cards reorder within and across pages.
 */
export function DesignerDnd({ children }: { children: ReactNode }) {
  const sensors = useSensors(
    // A small distance keeps clicks (select, edit) from starting drags.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const [paletteType, setPaletteType] = useState<QuestionType | null>(null);

  const handleDragStart = ({ active }: DragStartEvent) => {
    const id = String(active.id);
    setPaletteType(id.startsWith(PALETTE_PREFIX) ? (id.slice(PALETTE_PREFIX.length) as QuestionType) : null);
  };

  const handleDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    setPaletteType(null);
    const draft = editorStore.getState().draft;
    if (!over || !draft) return;
    const activeId = String(active.id);
    if (activeId.startsWith(PALETTE_PREFIX)) {
      const y = pointerY(event) ?? active.rect.current.translated?.top ?? 0;
      const after = y > over.rect.top + over.rect.height / 2;
      const point = dropPoint(draft, String(over.id), after);
      if (!point) return;
      const id = editorActions().addQuestion(activeId.slice(PALETTE_PREFIX.length) as QuestionType, point);
      if (id) scrollToQuestion(id);
      return;
    }
    if (activeId === over.id) return;
    const point = dropPoint(draft, String(over.id), false);
    if (point) editorActions().moveQuestion(activeId, point);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => setPaletteType(null)}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {paletteType && <div className="dd-drag-chip">{getQuestionType(paletteType)?.name}</div>}
      </DragOverlay>
    </DndContext>
  );
}
