import { describe, expect, it } from "vitest";
import type { QuestionInput } from "../definition/question.ts";
import { buildSurvey, choice, multi, today } from "../testing/build.ts";
import { evaluateSurvey } from "./evaluate.ts";

const pick = (optionId: string) => ({ optionId });

describe("option logic", () => {
  it("per-option show logic and hidden options", () => {
    const definition = buildSurvey([
      choice("q1", ["vip", "normal"]),
      {
        id: "q2",
        type: "single",
        title: "q2",
        config: {
          options: [
            {
              id: "x",
              label: "贵宾通道",
              showIf: { kind: "selected", questionId: "q1", optionIds: ["vip"], match: "any" },
            },
            { id: "y", label: "普通通道" },
            { id: "z", label: "停用", hidden: true },
          ],
        },
      },
    ]);
    expect(evaluateSurvey(definition, { q1: pick("vip") }, today).options.q2?.map((o) => o.id)).toEqual([
      "x",
      "y",
    ]);
    expect(evaluateSurvey(definition, { q1: pick("normal") }, today).options.q2?.map((o) => o.id)).toEqual([
      "y",
    ]);
  });

  it("select-connect shows linked options only when a source option was (or was not) chosen", () => {
    const connect = (mode: "chosen" | "notChosen") =>
      buildSurvey([
        multi("brands", ["apple", "huawei"]),
        multi("models", ["iphone", "mate", "other"], {
          selectConnect: {
            questionId: "brands",
            mode,
            links: [
              { optionId: "iphone", sourceOptionIds: ["apple"] },
              { optionId: "mate", sourceOptionIds: ["huawei"] },
            ],
          },
        }),
      ]);
    const answers = { brands: { optionIds: ["apple"] } };
    expect(evaluateSurvey(connect("chosen"), answers, today).options.models?.map((o) => o.id)).toEqual([
      "iphone",
      "other",
    ]);
    expect(evaluateSurvey(connect("notChosen"), answers, today).options.models?.map((o) => o.id)).toEqual([
      "mate",
      "other",
    ]);
  });

  it("select-join offers the source's selected (or unselected) options, with 其他 text as label", () => {
    const source: QuestionInput = {
      id: "like",
      type: "multiple",
      title: "喜欢的水果",
      config: {
        options: [
          { id: "a", label: "苹果" },
          { id: "b", label: "香蕉" },
          { id: "o", label: "其他", other: { textRequired: true } },
        ],
      },
    };
    const join = (mode: "selected" | "unselected") =>
      buildSurvey([
        source,
        {
          id: "best",
          type: "single",
          title: "最喜欢",
          config: { options: [] },
          optionSource: { questionId: "like", mode },
        },
      ]);
    const answers = { like: { optionIds: ["a", "o"], otherTexts: { o: "榴莲" } } };
    expect(evaluateSurvey(join("selected"), answers, today).options.best).toEqual([
      { id: "a", label: "苹果" },
      { id: "o", label: "榴莲" },
    ]);
    expect(evaluateSurvey(join("unselected"), answers, today).options.best).toEqual([
      { id: "b", label: "香蕉" },
    ]);
    const changed = evaluateSurvey(
      join("selected"),
      { ...answers, best: pick("a"), like: { optionIds: ["b"] } },
      today,
    );
    expect(changed.answers.best).toBeUndefined();
  });

  it("shuffles options per respondent seed, keeping the last N in place", () => {
    const ids = Array.from({ length: 8 }, (_, i) => `o${i}`);
    const definition = buildSurvey([choice("q1", ids, { randomizeOptions: { keepLast: 1 } })]);
    const order = (seed: string) =>
      evaluateSurvey(definition, {}, { ...today, seed }).options.q1?.map((o) => o.id) ?? [];
    expect(order("alice")).toEqual(order("alice"));
    expect(order("alice")).not.toEqual(ids);
    expect(order("alice").at(-1)).toBe("o7");
    expect([...order("bob")].sort()).toEqual([...ids].sort());
    expect(evaluateSurvey(definition, {}, today).options.q1?.map((o) => o.id)).toEqual(ids);
  });
});
