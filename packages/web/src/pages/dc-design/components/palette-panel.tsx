import { DatabaseOutlined } from "@ant-design/icons";
import { useDraggable } from "@dnd-kit/core";
import { isGradedKind, palette, type QuestionType } from "@wjgj/core";
import { Button } from "antd";
import { memo } from "react";
import { typeIcons } from "../lib/type-icons.tsx";
import { scrollToQuestion, uiActions } from "../store/ui-store.ts";
import { editorActions, useEditor } from "../store/use-editor.ts";
import { openBankPick } from "./bank-pick-dialog.tsx";
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

/**
 * Every question type by group: a click appends after the selected question, a drag drops it where wanted.
 * An exam or quiz can also take questions from the creator's 题库.
 */
export const PalettePanel = memo(function PalettePanel() {
  const graded = useEditor((state) => isGradedKind(state.draft?.kind ?? ""));
  return (
    <div className="dd-palette" data-testid="palette">
      {graded && (
        <Button
          block
          icon={<DatabaseOutlined aria-hidden />}
          className="dd-palette__bank"
          onClick={openBankPick}
        >
          从题库添加
        </Button>
      )}
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
