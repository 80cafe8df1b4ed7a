import { describe, expect, it } from "vitest";
import { parseDefinition } from "../survey/index.ts";
import { parseSurveyText } from "./parse-survey-text.ts";

describe("parseSurveyText never throws", () => {
  it.each([
    ["empty text", ""],
    ["only blank lines", "\n\n  \n"],
    ["control characters", "\u0000\u0001标题\n1. 题目\u0007[单选题]\nA. \u0000"],
    ["only markers", "[单选题]\n[分页]\n[分页]\n[矩阵单选题]"],
    [
      "a huge option list",
      `问卷\n1. 选一个[单选题]\n${Array.from({ length: 700 }, (_, i) => `选项${i}`).join("\n")}`,
    ],
    ["an overlong title", `${"长".repeat(400)}\n1. 题目`],
  ])("%s", (_name, text) => {
    const result = parseSurveyText(text);
    expect(parseDefinition(result.definition).ok).toBe(true);
    expect(Array.isArray(result.warnings)).toBe(true);
  });

  it("caps options at the schema limit and says so", () => {
    const text = `问卷\n1. 选一个[单选题]\n${Array.from({ length: 520 }, (_, i) => `选项${i}`).join("\n")}`;
    const { definition } = parseSurveyText(text);
    const question = definition.pages[0]?.questions[0];
    expect(question?.type === "single" && question.config.options.length).toBe(500);
  });

  it("escapes markup in pasted titles so they stay text", () => {
    const { definition } = parseSurveyText("调查\n1. 年龄<18岁 & 学生？[单选题]\nA. 是\nB. 否");
    expect(definition.pages[0]?.questions[0]?.title).toBe("年龄&lt;18岁 &amp; 学生？");
  });

  it("uses the kind chosen before importing", () => {
    expect(parseSurveyText("考试\n1. 题", { kind: "exam" }).definition.kind).toBe("exam");
  });
});
