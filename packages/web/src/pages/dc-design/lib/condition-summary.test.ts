import type { Condition, Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { definitionOf, single, text } from "../testing/fixtures.ts";
import {
  describeCondition,
  describeJump,
  describeOptionSource,
  describeSelectConnect,
  describeShowIf,
  type SummaryContext,
} from "./condition-summary.ts";
import { indexSurvey } from "./survey-index.ts";

const intro: Question = {
  id: "intro",
  type: "paragraph",
  title: "<b>说明</b>",
  required: false,
  config: { align: "left" },
};
const matrix: Question = {
  id: "m",
  type: "matrixScale",
  title: "打分",
  required: true,
  config: {
    rows: [{ id: "env", label: "环境" }],
    rowsRequired: true,
    scale: { points: 5, start: 1, minLabel: "差", maxLabel: "好" },
  },
};

function context(): SummaryContext {
  const definition = {
    ...definitionOf(
      [intro, single("q1", "性别", ["男", "女"]), single("q2", "年级", ["A", "B", "C"])],
      [text("age", "年龄"), matrix],
    ),
    computed: [{ id: "total", name: "总分", expression: "$age + 1" }],
  };
  return { definition, index: indexSurvey(definition) };
}

const selected = (questionId: string, optionIds: string[], match: "any" | "all" = "any"): Condition => ({
  kind: "selected",
  questionId,
  optionIds,
  match,
});

describe("condition summaries", () => {
  it("reads like the issue's example, numbering only answerable questions", () => {
    expect(describeShowIf(context(), selected("q2", ["o1"]))).toBe("当第2题选择“A”时显示");
  });

  it("names several options with 或 for any and 同时…和 for all", () => {
    expect(describeCondition(context(), selected("q2", ["o1", "o2"]))).toBe("第2题选择“A”或“B”");
    expect(describeCondition(context(), selected("q2", ["o1", "o3"], "all"))).toBe("第2题同时选择“A”和“C”");
  });

  it("describes not-selected in both matching modes", () => {
    const ctx = context();
    expect(
      describeCondition(ctx, { kind: "notSelected", questionId: "q1", optionIds: ["o2"], match: "all" }),
    ).toBe("第1题未选择“女”");
    expect(
      describeCondition(ctx, {
        kind: "notSelected",
        questionId: "q2",
        optionIds: ["o1", "o2"],
        match: "all",
      }),
    ).toBe("第2题“A”、“B”均未选择");
    expect(
      describeCondition(ctx, {
        kind: "notSelected",
        questionId: "q2",
        optionIds: ["o1", "o2"],
        match: "any",
      }),
    ).toBe("第2题未同时选择“A”、“B”");
  });

  it("describes comparisons with the row they read, computed values and answered tests", () => {
    const ctx = context();
    expect(describeCondition(ctx, { kind: "compare", questionId: "age", op: "ge", value: 18 })).toBe(
      "第3题大于等于18",
    );
    expect(describeCondition(ctx, { kind: "compare", questionId: "m", key: "env", op: "lt", value: 3 })).toBe(
      "第4题的“环境”小于3",
    );
    expect(describeCondition(ctx, { kind: "compare", questionId: "age", op: "contains", value: "岁" })).toBe(
      "第3题包含“岁”",
    );
    expect(describeCondition(ctx, { kind: "computed", computedId: "total", op: "gt", value: 60 })).toBe(
      "计算值“总分”大于60",
    );
    expect(describeCondition(ctx, { kind: "notAnswered", questionId: "intro" })).toBe("「说明」未作答");
  });

  it("brackets nested groups and negations so 且/或 are unambiguous", () => {
    const condition: Condition = {
      kind: "all",
      conditions: [
        selected("q1", ["o1"]),
        { kind: "any", conditions: [selected("q2", ["o1"]), { kind: "answered", questionId: "age" }] },
        { kind: "not", condition: selected("q2", ["o3"]) },
      ],
    };
    expect(describeCondition(context(), condition)).toBe(
      "第1题选择“男”且（第2题选择“A”或第3题已作答）且不满足（第2题选择“C”）",
    );
  });

  it("names a question that no longer exists instead of failing", () => {
    expect(describeCondition(context(), selected("gone", ["x"]))).toBe("（已删除的题目）选择“x”");
  });

  it("describes jumps, select-connect and select-join", () => {
    const ctx = context();
    expect(describeJump(ctx, { when: selected("q1", ["o2"]), target: { kind: "page", pageId: "p2" } })).toBe(
      "当第1题选择“女”时跳到第2页",
    );
    expect(describeJump(ctx, { target: { kind: "question", questionId: "m" } })).toBe("无条件跳到第4题");
    expect(describeJump(ctx, { when: selected("q1", ["o1"]), target: { kind: "screenOut" } })).toBe(
      "当第1题选择“男”时甄别（不合格）结束",
    );
    expect(
      describeSelectConnect(ctx, {
        questionId: "q1",
        mode: "chosen",
        links: [{ optionId: "o1", sourceOptionIds: ["o1"] }],
      }),
    ).toBe("选项关联第1题：选中关联选项时才显示（1个选项）");
    expect(describeOptionSource(ctx, { questionId: "q2", mode: "selected" })).toBe("选项引用第2题已选的选项");
  });
});
