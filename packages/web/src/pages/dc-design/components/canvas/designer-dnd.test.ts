import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../../testing/fixtures.ts";
import { DRAG_INSTRUCTIONS, dragAnnouncements, dragTargetName, dropPoint } from "./designer-dnd.tsx";

const definition = definitionOf([single("q1", "a"), text("q2", "b")], []);

describe("drop points", () => {
  it("drops before or after the question under the pointer", () => {
    expect(dropPoint(definition, "q2", false)).toEqual({ pageId: "p1", index: 1 });
    expect(dropPoint(definition, "q2", true)).toEqual({ pageId: "p1", index: 2 });
  });

  it("drops at the end of a page onto its drop zone, and nowhere for unknown targets", () => {
    expect(dropPoint(definition, "page:p2", false)).toEqual({ pageId: "p2", index: 0 });
    expect(dropPoint(definition, "page:p1", false)).toEqual({ pageId: "p1", index: 2 });
    expect(dropPoint(definition, "gone", false)).toBeNull();
  });
});

describe("what a screen reader hears of a drag", () => {
  const announce = dragAnnouncements(() => definition);
  const active = (id: string) => ({ id }) as never;

  it("names questions by their titles, palette types and page ends, in Chinese", () => {
    expect(dragTargetName(definition, "q1")).toBe("题目“a”");
    expect(dragTargetName(definition, "palette:single")).toBe("题型“单选”");
    expect(dragTargetName(definition, "page:p2")).toBe("第 2 页末尾");
    expect(dragTargetName(definition, "gone")).toBe("题目");
  });

  it("announces each step and tells how to drag with the keys, with no English", () => {
    const lines = [
      announce.onDragStart({ active: active("q1") } as never),
      announce.onDragOver({ active: active("q1"), over: active("q2") } as never),
      announce.onDragOver({ active: active("q1"), over: null } as never),
      announce.onDragEnd({ active: active("palette:single"), over: active("page:p1") } as never),
      announce.onDragCancel({ active: active("q2"), over: null } as never),
      DRAG_INSTRUCTIONS.draggable,
    ];
    expect(lines[0]).toBe("已拿起题目“a”。");
    expect(lines[3]).toBe("题型“单选”已放到第 1 页末尾处。");
    // Esc is the key as printed on it.
    for (const line of lines) expect((line ?? "").replace("Esc", "")).not.toMatch(/[A-Za-z]{3}/);
  });
});
