import type { Question } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { definitionOf, single } from "../testing/fixtures.ts";
import { findQuestion } from "./definition-ops.ts";
import {
  addOption,
  batchAddOptions,
  linesToLabels,
  moveOption,
  removeOption,
  updateOption,
} from "./option-ops.ts";

const labels = (question: Question | undefined) =>
  question && "options" in question.config ? question.config.options.map((o) => `${o.id}:${o.label}`) : [];

const base = () => definitionOf([single("q1", "性别", ["男", "女"])]);

describe("option edits", () => {
  it("adds an option after an index with a fresh id and a numbered label", () => {
    const { definition, optionId } = addOption(base(), "q1", "options", { afterIndex: 0 });
    expect(optionId).toBe("o3");
    expect(labels(findQuestion(definition, "q1"))).toEqual(["o1:男", "o3:选项3", "o2:女"]);
  });

  it("gives 预约时段 slots the capacity their schema requires", () => {
    const slots: Question = {
      id: "q1",
      type: "appointment",
      title: "时段",
      required: true,
      config: { options: [{ id: "s1", label: "上午", quota: 5 }] },
    };
    const { definition } = addOption(definitionOf([slots]), "q1", "options");
    const question = findQuestion(definition, "q1");
    expect(question?.type === "appointment" && question.config.options[1]?.quota).toBe(10);
  });

  it("removes, reorders and updates options; clearing a setting deletes its key", () => {
    let definition = removeOption(base(), "q1", "options", "o1");
    expect(labels(findQuestion(definition, "q1"))).toEqual(["o2:女"]);
    definition = moveOption(base(), "q1", "options", 0, 1);
    expect(labels(findQuestion(definition, "q1"))).toEqual(["o2:女", "o1:男"]);
    definition = updateOption(base(), "q1", "options", "o2", { label: "女性", exclusive: true });
    definition = updateOption(definition, "q1", "options", "o2", { exclusive: undefined });
    const option = findQuestion(definition, "q1");
    expect(option?.type === "single" && option.config.options[1]).toEqual({ id: "o2", label: "女性" });
  });

  it("keeps 判断题 at exactly two options, relabelling allowed", () => {
    const tf: Question = {
      id: "t",
      type: "trueFalse",
      title: "地球是圆的",
      required: true,
      config: {
        options: [
          { id: "true", label: "对" },
          { id: "false", label: "错" },
        ],
      },
    };
    const definition = definitionOf([tf]);
    expect(addOption(definition, "t", "options").definition).toBe(definition);
    expect(removeOption(definition, "t", "options", "true")).toBe(definition);
    expect(batchAddOptions(definition, "t", "options", "是", "append")).toBe(definition);
    expect(
      labels(findQuestion(batchAddOptions(definition, "t", "options", "是\n否", "replace"), "t")),
    ).toEqual(["true:是", "false:否"]);
  });

  it("keeps at least one entry in every list", () => {
    const one = definitionOf([single("q1", "a", ["唯一"])]);
    expect(removeOption(one, "q1", "options", "o1")).toBe(one);
  });

  it("keeps at least one matrix row", () => {
    const matrix: Question = {
      id: "m",
      type: "matrixSingle",
      title: "矩阵",
      required: true,
      config: {
        rows: [{ id: "r1", label: "行1" }],
        columns: [{ id: "c1", label: "列1" }],
        rowsRequired: true,
      },
    };
    const definition = definitionOf([matrix]);
    expect(removeOption(definition, "m", "rows", "r1")).toBe(definition);
  });
});

describe("batch add from pasted lines", () => {
  it("splits lines, trims them and drops blank ones", () => {
    expect(linesToLabels("  北京 \r\n\n上海\n  \n广州")).toEqual(["北京", "上海", "广州"]);
  });

  it("appends one option per line with unique ids", () => {
    const definition = batchAddOptions(base(), "q1", "options", "其他\n保密", "append");
    expect(labels(findQuestion(definition, "q1"))).toEqual(["o1:男", "o2:女", "o3:其他", "o4:保密"]);
  });

  it("replaces labels in order, keeping the ids of options that stay so logic still points at them", () => {
    const definition = batchAddOptions(base(), "q1", "options", "男性\n女性\n不愿透露", "replace");
    expect(labels(findQuestion(definition, "q1"))).toEqual(["o1:男性", "o2:女性", "o3:不愿透露"]);
    const shorter = batchAddOptions(base(), "q1", "options", "唯一", "replace");
    expect(labels(findQuestion(shorter, "q1"))).toEqual(["o1:唯一"]);
  });

  it("ignores text without any label", () => {
    const definition = base();
    expect(batchAddOptions(definition, "q1", "options", " \n \n", "append")).toBe(definition);
  });
});
