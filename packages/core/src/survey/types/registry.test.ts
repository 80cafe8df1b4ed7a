import { describe, expect, it } from "vitest";
import { questionSchema } from "../definition/question.ts";
import type { AnyQuestionModule } from "./module.ts";
import { questionTypeName, questionTypeNames } from "./names.ts";
import { getQuestionType, palette, questionTypes } from "./registry.ts";

const modules: readonly AnyQuestionModule[] = questionTypes;

describe("question type registry", () => {
  it("has at least 38 types with unique ids, Chinese names and a palette group", () => {
    expect(questionTypes.length).toBeGreaterThanOrEqual(38);
    expect(new Set(questionTypes.map((type) => type.type)).size).toBe(questionTypes.length);
    for (const module of questionTypes) {
      expect(module.name).toMatch(/[\u4e00-\u9fff]/);
      expect(getQuestionType(module.type)).toBe(module);
    }
  });

  it("names every type, and only those, as its module does, in palette order (names.ts)", () => {
    expect(Object.keys(questionTypeNames)).toEqual(questionTypes.map((module) => module.type));
    for (const module of questionTypes) expect(questionTypeName(module.type)).toBe(module.name);
    expect(questionTypeName("toString")).toBeUndefined();
    expect(questionTypeName("retiredType")).toBeUndefined();
  });

  it("every type's defaults pass its own config schema and, inside a question, the question schema", () => {
    for (const module of questionTypes) {
      const config = module.configSchema.parse(module.defaults());
      expect(config).toEqual(module.defaults());
      if (module.type === "pageBreak") continue; // pages are structural, see page-break.ts
      const parsed = questionSchema.safeParse({ id: "q1", type: module.type, config });
      expect(parsed.success, module.type).toBe(true);
    }
  });

  it("every reducer's empty state is an identity for merge", () => {
    for (const module of modules) {
      const empty = module.stats.empty(module.defaults());
      expect(module.stats.merge(empty, empty)).toEqual(empty);
    }
  });

  it("groups the palette in the designer's order", () => {
    const sections = palette();
    expect(sections.map((section) => section.name)).toEqual([
      "选择题",
      "填空题",
      "评分题",
      "矩阵题",
      "高级题型",
      "布局",
    ]);
    expect(sections.find((section) => section.group === "layout")?.items.map((item) => item.name)).toEqual([
      "段落说明",
      "分页",
      "分割线",
      "题组",
    ]);
    // Every type but the retired ones (预约时段, replaced by 预约) is offered.
    expect(sections.flatMap((section) => section.items).map((item) => item.type)).toEqual(
      questionTypes.filter((module) => !module.retired).map((module) => module.type),
    );
    const offered = sections.flatMap((section) => section.items.map((item) => item.type));
    expect(offered).toContain("booking");
    expect(offered).not.toContain("appointment");
  });

  it("rejects an unknown type and a config that does not match the type", () => {
    expect(questionSchema.safeParse({ id: "q1", type: "nope", config: {} }).success).toBe(false);
    expect(questionSchema.safeParse({ id: "q1", type: "star", config: { max: 50 } }).success).toBe(false);
    expect(getQuestionType("nope")).toBeUndefined();
  });
});
