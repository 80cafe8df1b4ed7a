import type { SurveyDefinition } from "@wjgj/core";
import { seededRandom } from "@wjgj/core/survey/shared/random";

/**
 * The questionnaire of the 统计分析 tests: two single choices (性别; 年龄段 with four options), a multi-select
 * shown only below 46 (so it has 未显示 as well as answers), a five-row five-point matrix scale (a scale), a
 * number and a text (a string variable, never offered for analysis). Its SPSS variables: Q1 性别, Q2 年龄段,
 * Q3_A–Q3_C the channels, Q4_1–Q4_5 the scale, Q5 月消费, Q6 the text.
 */
export function analysisDefinition(): SurveyDefinition {
  const options = (pairs: [string, string][]) => pairs.map(([id, label]) => ({ id, label }));
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "消费者满意度调查",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "gender",
            type: "single",
            title: "您的性别",
            config: {
              options: options([
                ["m", "男"],
                ["f", "女"],
              ]),
            },
          },
          {
            id: "age",
            type: "single",
            title: "您的年龄段",
            config: {
              options: options([
                ["a1", "18-25岁"],
                ["a2", "26-35岁"],
                ["a3", "36-45岁"],
                ["a4", "46岁及以上"],
              ]),
            },
          },
          {
            id: "channels",
            type: "multiple",
            title: "您在哪里购买",
            showIf: { kind: "selected", questionId: "age", optionIds: ["a1", "a2", "a3"], match: "any" },
            config: {
              options: options([
                ["online", "网店"],
                ["store", "门店"],
                ["friend", "朋友推荐"],
              ]),
            },
          },
          {
            id: "sat",
            type: "matrixScale",
            title: "满意度",
            config: {
              rows: options([
                ["s1", "质量"],
                ["s2", "价格"],
                ["s3", "服务"],
                ["s4", "物流"],
                ["s5", "包装"],
              ]),
              rowsRequired: false,
              scale: { points: 5, start: 1, minLabel: "非常不满意", maxLabel: "非常满意" },
            },
          },
          {
            id: "spend",
            type: "number",
            title: "月消费金额",
            config: { range: { min: 0, max: 100000 }, decimals: 0 },
          },
          { id: "note", type: "textarea", title: "其他建议", config: {} },
        ],
      },
    ],
  } as unknown as SurveyDefinition;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/**
 * `count` answers with structure to find: satisfaction rows share a latent attitude (a scale with α well above
 * 0 and a first factor), spending rises with age and attitude, women rate 服务 a little higher; about one in
 * twenty leaves 性别 or a scale row empty, one in ten leaves the amount empty.
 */
export function analysisAnswers(count: number, seed = 20260601): Record<string, unknown>[] {
  // Seeded (core's mulberry32): every run, and PSPP, sees the same responses.
  const random = seededRandom(seed);
  const normal = () => {
    const u = Math.max(random(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const answers: Record<string, unknown> = {};
    const female = random() < 0.55;
    if (random() > 0.05) answers.gender = { optionId: female ? "f" : "m" };
    const ageIndex = Math.floor(random() * 4);
    const skipAge = random() < 0.03;
    if (!skipAge) answers.age = { optionId: `a${ageIndex + 1}` };
    if (!skipAge && ageIndex < 3) {
      const odds: [string, number][] = [
        ["online", 0.6],
        ["store", 0.4],
        ["friend", 0.3],
      ];
      const chosen = odds.filter(([, p]) => random() < p).map(([id]) => id);
      answers.channels = { optionIds: chosen.length > 0 ? chosen : ["online"] };
    }
    const attitude = normal();
    const sat: Record<string, number> = {};
    ["s1", "s2", "s3", "s4", "s5"].forEach((row, k) => {
      if (random() < 0.05) return;
      const shift = row === "s3" && female ? 0.4 : 0;
      sat[row] = clamp(Math.round(3 + 0.9 * attitude + 0.8 * normal() + shift - (k === 1 ? 0.3 : 0)), 1, 5);
    });
    if (Object.keys(sat).length > 0) answers.sat = sat;
    if (random() > 0.1)
      answers.spend = Math.max(0, Math.round(800 + 250 * ageIndex + 150 * attitude + 300 * normal()));
    if (random() < 0.3) answers.note = `建议${i}`;
    out.push(answers);
  }
  return out;
}

/** A weighting of the analysis questionnaire: 性别 48/52, 年龄段 20/30/30/20 (statistics/saveWeighting's margins). */
export function analysisMargins() {
  return [
    {
      variable: "Q1",
      targets: [
        { value: 1, percent: 48 },
        { value: 2, percent: 52 },
      ],
    },
    {
      variable: "Q2",
      targets: [
        { value: 1, percent: 20 },
        { value: 2, percent: 30 },
        { value: 3, percent: 30 },
        { value: 4, percent: 20 },
      ],
    },
  ];
}
