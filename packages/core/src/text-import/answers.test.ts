import { describe, expect, it } from "vitest";
import { acceptedAnswers, blankAnswers, choiceAnswer, inlineAnswerOf, trueFalseAnswer } from "./answers.ts";
import { optionOf } from "./body.ts";

const options = [optionOf(1, "北京", "A"), optionOf(2, "上海", "B"), optionOf(3, "广州", "C")];

describe("answers", () => {
  it("maps letters in any common spelling to options", () => {
    expect(choiceAnswer("B", options)).toEqual([1]);
    expect(choiceAnswer("A、C", options)).toEqual([0, 2]);
    expect(choiceAnswer("ac", options)).toEqual([0, 2]);
  });

  it("maps labels when the answer names options by text", () => {
    expect(choiceAnswer("上海；广州", options)).toEqual([1, 2]);
  });

  it("refuses answers that name no option", () => {
    expect(choiceAnswer("E", options)).toBeUndefined();
    expect(choiceAnswer("深圳", options)).toBeUndefined();
  });

  it("reads 判断题 answers", () => {
    expect(trueFalseAnswer("√", ["对", "错"])).toBe(0);
    expect(trueFalseAnswer("错误", ["对", "错"])).toBe(1);
    expect(trueFalseAnswer("否", ["是", "否"])).toBe(1);
    expect(trueFalseAnswer("也许", ["对", "错"])).toBeUndefined();
  });

  it("splits alternatives and blanks", () => {
    expect(acceptedAnswers("北京/北京市")).toEqual(["北京", "北京市"]);
    expect(blankAnswers("北京；长江/长江水系")).toEqual([["北京"], ["长江", "长江水系"]]);
  });

  it("takes the answer out of an exam stem", () => {
    expect(inlineAnswerOf("火警电话是（ B ）。")).toEqual({ answer: "B", title: "火警电话是（  ）。" });
    expect(inlineAnswerOf("您的年龄（周岁）")).toBeUndefined();
  });
});

describe("option labels", () => {
  it("reads fill-in, exclusive, correct and score marks", () => {
    expect(optionOf(1, "其他（请注明）____")).toEqual({
      line: 1,
      label: "其他",
      other: { textRequired: false },
    });
    expect(optionOf(1, "其它：____*")).toEqual({ line: 1, label: "其它", other: { textRequired: true } });
    expect(optionOf(1, "都不需要【互斥】")).toEqual({ line: 1, label: "都不需要", exclusive: true });
    expect(optionOf(1, "119 √")).toEqual({ line: 1, label: "119", correct: true });
    expect(optionOf(1, "非常满意（5分）")).toEqual({ line: 1, label: "非常满意", score: 5 });
  });
});
