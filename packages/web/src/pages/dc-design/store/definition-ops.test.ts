import { parseDefinition, type Question, questionTypes } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { definitionOf, layoutOf, single, text } from "../testing/fixtures.ts";
import {
  addPage,
  addQuestion,
  duplicateQuestion,
  findQuestion,
  insertPointAfter,
  insertQuestions,
  moveQuestion,
  moveQuestionBy,
  moveQuestionToPage,
  removePage,
  removeQuestion,
  retitle,
  splitPage,
} from "./definition-ops.ts";

const base = () => definitionOf([single("q1", "性别"), text("q2", "姓名")], [single("q3", "年级")]);

describe("addQuestion", () => {
  it("inserts the registry's defaults at the point with a fresh id, leaving other pages shared", () => {
    const before = base();
    const { definition, questionId } = addQuestion(before, "multiple", { pageId: "p1", index: 1 });
    expect(questionId).toBe("q6");
    expect(layoutOf(definition)).toEqual([["q1", "q6", "q2"], ["q3"]]);
    const added = findQuestion(definition, "q6");
    expect(added?.type).toBe("multiple");
    expect(added?.required).toBe(true);
    expect(added?.type === "multiple" && added.config.options.map((o) => o.label)).toEqual([
      "选项1",
      "选项2",
      "选项3",
    ]);
    expect(definition.pages[1]).toBe(before.pages[1]);
  });

  it("produces a definition core accepts for every palette type", () => {
    let definition = definitionOf([]);
    for (const module of questionTypes) {
      definition = addQuestion(definition, module.type, insertPointAfter(definition, null)).definition;
    }
    const parsed = parseDefinition(definition);
    expect(parsed.ok ? [] : parsed.issues).toEqual([]);
    // 分页 splits the page instead of adding a question.
    expect(definition.pages).toHaveLength(2);
    expect(definition.pages.flatMap((page) => page.questions)).toHaveLength(questionTypes.length - 1);
  });

  it("turns a page break into a page split at the insert point", () => {
    const { definition, questionId } = addQuestion(base(), "pageBreak", { pageId: "p1", index: 1 });
    expect(questionId).toBeNull();
    expect(layoutOf(definition)).toEqual([["q1"], ["q2"], ["q3"]]);
  });
});

describe("moving", () => {
  it("moves within a page and across pages, counting the index after removal", () => {
    expect(layoutOf(moveQuestion(base(), "q1", { pageId: "p1", index: 1 }))).toEqual([["q2", "q1"], ["q3"]]);
    expect(layoutOf(moveQuestion(base(), "q3", { pageId: "p1", index: 0 }))).toEqual([
      ["q3", "q1", "q2"],
      [],
    ]);
  });

  it("returns the same object for a move to where the question already is", () => {
    const before = base();
    expect(moveQuestion(before, "q2", { pageId: "p1", index: 1 })).toBe(before);
    expect(moveQuestion(before, "missing", { pageId: "p1", index: 0 })).toBe(before);
  });

  it("上移/下移 cross page boundaries and stop at the ends", () => {
    expect(layoutOf(moveQuestionBy(base(), "q2", 1))).toEqual([["q1"], ["q2", "q3"]]);
    expect(layoutOf(moveQuestionBy(base(), "q3", -1))).toEqual([["q1", "q2", "q3"], []]);
    const before = base();
    expect(moveQuestionBy(before, "q1", -1)).toBe(before);
    expect(moveQuestionBy(before, "q3", 1)).toBe(before);
  });

  it("移动到页 appends to the target page", () => {
    expect(layoutOf(moveQuestionToPage(base(), "q1", "p2"))).toEqual([["q2"], ["q3", "q1"]]);
  });
});

describe("insertQuestions (从题库添加)", () => {
  it("inserts copies in order at the point with fresh ids, keeping answers and points but no logic", () => {
    const before = base();
    const keyed = {
      ...single("q1", "火警电话是", ["119", "110"]),
      showIf: { kind: "answered", questionId: "q9" },
      jumps: [{ when: { kind: "answered", questionId: "q1" }, target: { kind: "submit" } }],
      scoring: { mode: "single", points: 4 },
      explanation: "119 是火警电话",
    } as Question;
    const { definition, questionIds } = insertQuestions(before, [keyed, text("q2", "简述灭火方法")], {
      pageId: "p1",
      index: 1,
    });
    expect(questionIds).toEqual(["q6", "q7"]);
    expect(layoutOf(definition)).toEqual([["q1", "q6", "q7", "q2"], ["q3"]]);
    const copy = findQuestion(definition, "q6");
    expect(copy).toMatchObject({
      title: "火警电话是",
      scoring: { points: 4 },
      explanation: "119 是火警电话",
    });
    expect(copy?.showIf).toBeUndefined();
    expect(copy?.jumps).toBeUndefined();
    expect(copy?.type === "single" && copy.config.options).toEqual(
      keyed.type === "single" && keyed.config.options,
    );
    expect(definition.pages[1]).toBe(before.pages[1]);
    // The source is not touched: the copy is its own.
    expect(keyed.showIf).toBeDefined();
    expect(parseDefinition(definition).ok).toBe(true);
  });

  it("changes nothing for no questions or an unknown page", () => {
    const before = base();
    expect(insertQuestions(before, [], { pageId: "p1", index: 0 }).definition).toBe(before);
    expect(insertQuestions(before, [text("x", "x")], { pageId: "nope", index: 0 }).definition).toBe(before);
  });
});

describe("duplicate and remove", () => {
  it("duplicates below the original with a new id and an independent copy of the config", () => {
    const { definition, questionId } = duplicateQuestion(base(), "q1");
    expect(layoutOf(definition)).toEqual([["q1", "q6", "q2"], ["q3"]]);
    const copy = findQuestion(definition, questionId ?? "");
    const original = findQuestion(definition, "q1");
    expect(copy?.title).toBe("性别");
    expect(copy?.config).toEqual(original?.config);
    expect(copy?.config).not.toBe(original?.config);
  });

  it("removes a question and its 题组 membership", () => {
    const group = {
      id: "g1",
      type: "group" as const,
      title: "组",
      required: false,
      config: { memberIds: ["q1", "q2"] },
    };
    const definition = removeQuestion(definitionOf([group, single("q1", "a"), text("q2", "b")]), "q1");
    expect(layoutOf(definition)).toEqual([["g1", "q2"]]);
    const after = findQuestion(definition, "g1");
    expect(after?.type === "group" && after.config.memberIds).toEqual(["q2"]);
  });
});

describe("pages", () => {
  it("adds an empty page after a given page and removes a page by merging it into the previous one", () => {
    const added = addPage(base(), "p1");
    expect(added.definition.pages.map((page) => page.id)).toEqual(["p1", added.pageId, "p2"]);
    expect(layoutOf(removePage(base(), "p2"))).toEqual([["q1", "q2", "q3"]]);
    expect(layoutOf(removePage(base(), "p1"))).toEqual([["q1", "q2", "q3"]]);
  });

  it("keeps the last page", () => {
    const one = definitionOf([single("q1", "a")]);
    expect(removePage(one, "p1")).toBe(one);
  });

  it("splits a page and names the new page with a fresh id", () => {
    const { definition, pageId } = splitPage(base(), { pageId: "p1", index: 0 });
    expect(pageId).toBe("p6");
    expect(layoutOf(definition)).toEqual([[], ["q1", "q2"], ["q3"]]);
  });
});

describe("retitle", () => {
  it("keeps 横向填空 blanks in step with the ___ in its title", () => {
    const question = {
      id: "q1",
      type: "inlineBlank" as const,
      title: "我叫___",
      required: true,
      config: {
        blanks: [{ id: "b1", label: "姓名", format: "none" as const, required: true, patterns: [] }],
      },
    };
    const two = retitle(question, "我叫___，今年___岁");
    expect(two.type === "inlineBlank" && two.config.blanks.map((b) => [b.id, b.label])).toEqual([
      ["b1", "姓名"],
      ["b2", ""],
    ]);
    const back = retitle(two, "我叫___");
    expect(back.type === "inlineBlank" && back.config.blanks.map((b) => b.id)).toEqual(["b1"]);
    // While the author deletes the last ___ the blank stays, so its settings survive retyping it.
    expect(retitle(question, "我叫").config).toBe(question.config);
  });
});
