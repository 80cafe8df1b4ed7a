import { describe, expect, it } from "vitest";
import type { QuestionInput } from "../definition/question.ts";
import { buildSurvey, choice, text, today } from "../testing/build.ts";
import { evaluateSurvey } from "./evaluate.ts";

const pick = (optionId: string) => ({ optionId });

describe("piping, computed values, quotas, groups and numbering", () => {
  it("pipes earlier answers and computed values into titles and option labels", () => {
    const definition = buildSurvey(
      [
        text("name"),
        { id: "age", type: "number", title: "年龄", config: {} },
        {
          id: "q3",
          type: "single",
          title: "{{name}}，您{{age}}岁，明年{{next}}岁？",
          config: {
            options: [
              { id: "y", label: "是的，{{name}}" },
              { id: "n", label: "不是" },
            ],
          },
        },
      ],
      { computed: [{ id: "next", expression: "$age + 1" }] },
    );
    const result = evaluateSurvey(definition, { name: "小明", age: 17 }, today);
    expect(result.texts.q3?.title).toBe("小明，您17岁，明年18岁？");
    expect(result.options.q3?.[0]?.label).toBe("是的，小明");
    expect(result.computed).toEqual({ next: 18 });
    expect(evaluateSurvey(definition, {}, today).texts.q3?.title).toBe("，您岁，明年岁？");
  });

  it("computes values over option scores with rounding", () => {
    const definition = buildSurvey(
      [
        {
          id: "q1",
          type: "multiple",
          title: "q1",
          config: {
            options: [
              { id: "a", label: "A", score: 1.005 },
              { id: "b", label: "B", score: 2 },
            ],
          },
        },
      ],
      { computed: [{ id: "avg", expression: "$q1.score / 2", decimals: 2 }] },
    );
    expect(evaluateSurvey(definition, { q1: { optionIds: ["a", "b"] } }, today).computed.avg).toBe(1.5);
  });

  it("emits quota keys for chosen options with quotas and for matching condition quotas", () => {
    const definition = buildSurvey(
      [
        {
          id: "city",
          type: "single",
          title: "城市",
          config: {
            options: [
              { id: "bj", label: "北京", quota: 100 },
              { id: "sh", label: "上海" },
            ],
          },
        },
      ],
      {
        quotas: [
          {
            id: "young",
            when: { kind: "selected", questionId: "city", optionIds: ["sh"], match: "any" },
            limit: 5,
          },
        ],
      },
    );
    expect(evaluateSurvey(definition, { city: pick("bj") }, today).quotaKeys).toEqual(["option:city:bj"]);
    expect(evaluateSurvey(definition, { city: pick("sh") }, today).quotaKeys).toEqual(["quota:young"]);
  });

  it("hides group members with the group, and numbers per the setting", () => {
    const questions: QuestionInput[] = [
      choice("q1", ["y", "n"]),
      {
        id: "g",
        type: "group",
        title: "题组",
        config: { memberIds: ["q2", "q3"] },
        showIf: { kind: "selected", questionId: "q1", optionIds: ["y"], match: "any" },
      },
      text("q2"),
      text("q3"),
      text("q4"),
    ];
    const dynamic = evaluateSurvey(buildSurvey(questions), { q1: pick("n") }, today);
    expect(dynamic.visibleQuestions).toEqual(["q1", "q4"]);
    expect(dynamic.numbers).toEqual({ q1: 1, q4: 2 });
    const fixed = evaluateSurvey(
      buildSurvey(questions, { settings: { numbering: "static" } }),
      { q1: pick("n") },
      today,
    );
    expect(fixed.numbers).toEqual({ q1: 1, q4: 4 });
    expect(
      evaluateSurvey(buildSurvey(questions, { settings: { numbering: "none" } }), {}, today).numbers,
    ).toEqual({});
  });

  it("reports errors and warnings per question, and required ones", () => {
    const definition = buildSurvey([
      text("q1", { required: true }),
      { id: "q2", type: "text", title: "q2", config: { length: { max: 2, level: "warning" } } },
    ]);
    const result = evaluateSurvey(definition, { q2: "太长了" }, today);
    expect(result.errors.q1?.[0]?.message).toBe("此题为必答题");
    expect(result.warnings.q2?.[0]?.code).toBe("maxLength");
    expect(result.valid).toBe(false);
  });
});
