import type { CorpusSample } from "./sample.ts";

/** A quiz whose correct options carry √, and a psychometric item with a score per option. */
export const correctMarksAndScores: CorpusSample = {
  name: "选项后 √ 标答案、选项分值",
  kind: "knowledge",
  text: `交通安全知识问答
1. 行人过马路应该走哪里？[单选题]（5分）
A. 任意位置
B. 人行横道 √
C. 车道中间
2. 以下哪些行为是正确的？[多选题]（5分）
A. 骑电动车戴头盔 √
B. 闯红灯
C. 系好安全带 √
3. 您平时遵守交通规则的程度[单选题]
A. 总是遵守（3分）
B. 偶尔违反（1分）
C. 经常违反（0分）
`,
  expected: {
    kind: "knowledge",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            config: {
              options: [{ label: "任意位置" }, { label: "人行横道", correct: true }, { label: "车道中间" }],
            },
            scoring: { mode: "single", points: 5 },
          },
          {
            id: "q2",
            type: "multiple",
            config: {
              options: [
                { label: "骑电动车戴头盔", correct: true },
                { label: "闯红灯" },
                { label: "系好安全带", correct: true },
              ],
            },
            scoring: { mode: "allOrNothing", points: 5 },
          },
          {
            id: "q3",
            type: "single",
            config: {
              options: [
                { label: "总是遵守", score: 3 },
                { label: "偶尔违反", score: 1 },
                { label: "经常违反", score: 0 },
              ],
            },
            scoring: { mode: "perOption" },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
