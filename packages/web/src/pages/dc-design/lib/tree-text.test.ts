import { describe, expect, it } from "vitest";
import { linesToTree, treeToLines } from "./tree-text.ts";

describe("cascader options as indented text", () => {
  it("parses levels by indentation with positional ids", () => {
    expect(linesToTree("计算机学院\n  软件工程\n  人工智能\n法学院\n\n  民法")).toEqual([
      {
        id: "n1",
        label: "计算机学院",
        children: [
          { id: "n1_1", label: "软件工程" },
          { id: "n1_2", label: "人工智能" },
        ],
      },
      { id: "n2", label: "法学院", children: [{ id: "n2_1", label: "民法" }] },
    ]);
  });

  it("round-trips through text", () => {
    const text = "浙江\n  杭州\n    西湖区\n  宁波\n江苏";
    expect(treeToLines(linesToTree(text))).toBe(text);
  });

  it("treats over-indented lines as one level down", () => {
    expect(linesToTree("A\n      B")).toEqual([
      { id: "n1", label: "A", children: [{ id: "n1_1", label: "B" }] },
    ]);
  });
});
