import { describe, expect, it } from "vitest";
import { definitionSchema } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import { CountTable } from "./counts.ts";
import { counterKeysOf, responseFacts } from "./facts.ts";
import { pointCaption, scaleCategories, scalePointLabels } from "./scale-points.ts";
import { definitionStatistics } from "./statistics.ts";

const definition = definitionSchema.parse({
  schemaVersion: 1,
  kind: "survey",
  title: "满意度",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "ends",
          type: "likert",
          title: "总体满意度",
          config: { points: 5, start: 1, minLabel: "非常不满意", maxLabel: "非常满意" },
        },
        {
          id: "each",
          type: "likert",
          title: "推荐意愿",
          config: { points: 3, start: 0, labels: ["不会", "", "一定会"] },
        },
        { id: "nps", type: "nps", title: "推荐给朋友", config: {} },
        {
          id: "grid",
          type: "matrixScale",
          title: "各项满意度",
          config: {
            rows: [{ id: "r1", label: "服务" }],
            scale: { points: 5, start: 1, minLabel: "很差", maxLabel: "" },
          },
        },
        { id: "stars", type: "star", title: "打分", config: { max: 3, labels: ["差", "中", "好"] } },
      ],
    },
  ],
});
const questions = new Map(definition.pages[0]?.questions.map((q) => [q.id, q]));
const question = (id: string) => questions.get(id) as Question;

const answers = [
  { ends: 1, each: 2, nps: 10, grid: { r1: 1 }, stars: 3 },
  { ends: 3, each: 0, nps: 6, grid: { r1: 4 }, stars: 1 },
  { ends: 5, each: 2, nps: 10, grid: { r1: 4 } },
];

function statistics() {
  const counts = new Map<string, number>();
  for (const answer of answers)
    for (const key of counterKeysOf(responseFacts(definition, answer), { day: "2026-03-05", source: "link" }))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Map(definitionStatistics(definition, new CountTable(counts)).map((s) => [s.questionId, s]));
}

describe("scale points and their captions", () => {
  it("takes the designer's captions: both ends, or every point when the question has one per point", () => {
    expect(scalePointLabels(question("ends"))).toEqual([
      [1, "非常不满意"],
      [5, "非常满意"],
    ]);
    // Per-point captions replace the ends (as on the answer page); a blank one is none.
    expect(scalePointLabels(question("each"))).toEqual([
      [0, "不会"],
      [2, "一定会"],
    ]);
    expect(scalePointLabels(question("nps"))).toEqual([
      [0, "不可能"],
      [10, "极有可能"],
    ]);
    expect(scalePointLabels(question("grid"))).toEqual([[1, "很差"]]);
    expect(scalePointLabels(question("stars"))).toEqual([
      [1, "差"],
      [2, "中"],
      [3, "好"],
    ]);
    const caption = pointCaption(scalePointLabels(question("ends")));
    expect([1, 3, 5].map(caption)).toEqual(["1（非常不满意）", "3", "5（非常满意）"]);
  });

  it("names the labelled points in 分题统计's rows, the numbers kept for the average", () => {
    const stats = statistics();
    const rows = (id: string) => {
      const s = stats.get(id);
      if (s?.family !== "rating" && s?.family !== "nps") throw new Error(`${id}: ${s?.family}`);
      return s.distribution.map((p) => [p.label, p.count]);
    };
    expect(rows("ends")).toEqual([
      ["1（非常不满意）", 1],
      ["2", 0],
      ["3", 1],
      ["4", 0],
      ["5（非常满意）", 1],
    ]);
    expect(rows("each")).toEqual([
      ["0（不会）", 1],
      ["1", 0],
      ["2（一定会）", 2],
    ]);
    expect(rows("nps")[0]).toEqual(["0（不可能）", 0]);
    expect(rows("nps")[6]).toEqual(["6", 1]);
    expect(rows("nps")[10]).toEqual(["10（极有可能）", 2]);
    // 星级评分 keeps the captions the respondent saw under the stars.
    expect(rows("stars")).toEqual([
      ["差", 1],
      ["中", 0],
      ["好", 1],
    ]);
    const grid = stats.get("grid");
    if (grid?.family !== "matrix") throw new Error("grid");
    expect(grid.columns.map((c) => c.label)).toEqual(["1（很差）", "2", "3", "4", "5"]);
    expect(grid.rows[0]?.cells.map((c) => c.count)).toEqual([1, 0, 0, 2, 0]);
    expect(grid.rows[0]?.average).toBe(3);
  });

  it("gives 交叉分析 and 统计分析 every point with the same caption as 分题统计", () => {
    const categories = (id: string) => {
      const scale = scaleCategories(question(id));
      return scale?.values.map((v) => scale.label(v));
    };
    expect(categories("ends")).toEqual(["1（非常不满意）", "2", "3", "4", "5（非常满意）"]);
    expect(categories("grid")).toEqual(["1（很差）", "2", "3", "4", "5"]);
    expect(categories("nps")).toHaveLength(11);
    expect(categories("stars")).toEqual(["差", "中", "好"]);
    expect(scaleCategories({ ...question("stars"), config: { max: 2 } } as Question)?.label(2)).toBe("2星");
    expect(
      scaleCategories({ id: "t", type: "text", title: "意见", config: {} } as unknown as Question),
    ).toBeNull();
  });
});
