import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../../testing/fixtures.ts";
import { dropPoint } from "./designer-dnd.tsx";

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
