import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { getQuestionType, plainExcerpt, type QuestionType, type SurveyDefinition } from "@wjgj/core";
import { type ReactNode, useRef, useState } from "react";
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
 * What a screen reader says of the drags (dnd-kit's own instructions and announcements are English): how to move a
 * card or a palette type with the keyboard, and where it is as it moves.
 */
export const DRAG_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable: "按空格键拿起，用方向键移动，再按空格键放下；按退出键（Esc）取消。",
};

/** A dragged thing or a place to drop it, as the designer shows it: 题型“单选”, 题目“您的年级”, 第 2 页末尾. */
export function dragTargetName(definition: SurveyDefinition | null, id: UniqueIdentifier): string {
  const text = String(id);
  if (text.startsWith(PALETTE_PREFIX)) {
    const type = getQuestionType(text.slice(PALETTE_PREFIX.length) as QuestionType);
    return type ? `题型“${type.name}”` : "题型";
  }
  const pages = definition?.pages ?? [];
  if (text.startsWith(PAGE_PREFIX)) {
    const index = pages.findIndex((page) => page.id === text.slice(PAGE_PREFIX.length));
    return index >= 0 ? `第 ${index + 1} 页末尾` : "页末";
  }
  const at = definition ? locateQuestion(definition, text) : null;
  const title = at ? plainExcerpt(pages[at.pageIndex]?.questions[at.questionIndex]?.title ?? "", 20) : "";
  return title ? `题目“${title}”` : "题目";
}

/** dnd-kit's announcements in Chinese, naming what moves by {@link dragTargetName}. */
export function dragAnnouncements(definition: () => SurveyDefinition | null): Announcements {
  const name = (id: UniqueIdentifier) => dragTargetName(definition(), id);
  return {
    onDragStart: ({ active }) => `已拿起${name(active.id)}。`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)}移到了${name(over.id)}处。` : `${name(active.id)}不在可放下的位置。`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)}已放到${name(over.id)}处。` : `${name(active.id)}已放下，位置未变。`,
    onDragCancel: ({ active }) => `已取消拖动，${name(active.id)}回到原处。`,
  };
}

const announcements = dragAnnouncements(() => editorStore.getState().draft);

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

/**
 * The card under the pointer and whether the pointer is on its lower half, read from the page as it is at
 * the drop: dnd-kit's rectangles and deltas, measured when the drag started, drift once the canvas scrolls
 * (a drop on the top of the first card used to land after it).
 */
function cardAt(x: number, y: number): { id: string; after: boolean } | null {
  for (const element of document.elementsFromPoint(x, y)) {
    const card = element.closest<HTMLElement>("[data-qid]");
    const id = card?.dataset.qid;
    if (card && id) {
      const rect = card.getBoundingClientRect();
      return { id, after: y > rect.top + rect.height / 2 };
    }
  }
  return null;
}

/** The pointer's last position while a drag runs (mouse, touch and pen all move it). */
function usePointer() {
  const position = useRef<{ x: number; y: number } | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const follow = (start: Event) => {
    position.current = start instanceof MouseEvent ? { x: start.clientX, y: start.clientY } : null;
    const onMove = (event: PointerEvent) => {
      position.current = { x: event.clientX, y: event.clientY };
    };
    window.addEventListener("pointermove", onMove, true);
    stop.current = () => window.removeEventListener("pointermove", onMove, true);
  };
  const release = () => {
    stop.current?.();
    stop.current = null;
  };
  return { position, follow, release };
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

  const pointer = usePointer();

  const handleDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const id = String(active.id);
    const fromPalette = id.startsWith(PALETTE_PREFIX);
    setPaletteType(fromPalette ? (id.slice(PALETTE_PREFIX.length) as QuestionType) : null);
    if (fromPalette) pointer.follow(activatorEvent);
  };

  const handleDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    setPaletteType(null);
    pointer.release();
    const draft = editorStore.getState().draft;
    if (!over || !draft) return;
    const activeId = String(active.id);
    if (activeId.startsWith(PALETTE_PREFIX)) {
      // Onto a card: before or after it by the pointer's place on it; else the zone dnd-kit found (a page's
      // end, or a card when the pointer is unknown, as with the keyboard).
      const at = pointer.position.current;
      const hit = at ? cardAt(at.x, at.y) : null;
      const dragged = active.rect.current.translated;
      const point = hit
        ? dropPoint(draft, hit.id, hit.after)
        : dropPoint(draft, String(over.id), (dragged?.top ?? 0) > over.rect.top + over.rect.height / 2);
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
      accessibility={{ announcements, screenReaderInstructions: DRAG_INSTRUCTIONS }}
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={handleDragStart}
      onDragEnd={handleDragEnd}
      onDragCancel={() => {
        setPaletteType(null);
        pointer.release();
      }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {paletteType && <div className="dd-drag-chip">{getQuestionType(paletteType)?.name}</div>}
      </DragOverlay>
    </DndContext>
  );
}
