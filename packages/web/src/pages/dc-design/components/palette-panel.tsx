import { useDraggable } from "@dnd-kit/core";
import { palette, type QuestionType } from "@wjgj/core";
import { memo } from "react";
import { typeIcons } from "../lib/type-icons.tsx";
import { scrollToQuestion, uiActions } from "../store/ui-store.ts";
import { editorActions } from "../store/use-editor.ts";
import { PALETTE_PREFIX } from "./canvas/designer-dnd.tsx";

const sections = palette();

function PaletteItem({ type, name }: { type: QuestionType; name: string }) {
  const draggable = useDraggable({
    id: `${PALETTE_PREFIX}${type}`,
    attributes: { roleDescription: "可拖入画布的题型" },
  });
  const handleClick = () => {
    const id = editorActions().addQuestion(type);
    // On a phone the palette covers the canvas: show where the question landed (no effect on a desktop).
    uiActions().setMobilePane("canvas");
    if (id) scrollToQuestion(id);
  };
  return (
    <button
      type="button"
      ref={draggable.setNodeRef}
      className={`dd-palette__item${draggable.isDragging ? " dd-palette__item--dragging" : ""}`}
      data-type={type}
      onClick={handleClick}
      {...draggable.listeners}
      {...draggable.attributes}
    >
      <span className="dd-palette__icon" aria-hidden>
        {typeIcons[type]}
      </span>
      {name}
    </button>
  );
}

/** Every question type by group: a click appends after the selected question, a drag drops it where wanted. */
export const PalettePanel = memo(function PalettePanel() {
  return (
    <div className="dd-palette" data-testid="palette">
      {sections.map((section) => (
        <section key={section.group} className="dd-palette__group">
          <h3 className="dd-palette__title">{section.name}</h3>
          <div className="dd-palette__grid">
            {section.items.map((item) => (
              <PaletteItem key={item.type} type={item.type} name={item.name} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
});
