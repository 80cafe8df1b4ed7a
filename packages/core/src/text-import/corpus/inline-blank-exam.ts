import type { CorpusSample } from "./sample.ts";

/** Fill-in exam items: ___ in the stem becomes 横向填空 with an accepted answer per blank. */
export const inlineBlankExam: CorpusSample = {
  name: "填空考试：题干中的多个空",
  kind: "exam",
  text: `初二地理单元测验
1. 中国的首都是____，最长的河流是____。[填空题]（4分）
答案：北京；长江
2. 世界上面积最大的大洋是____。[填空题]（2分）
答案：太平洋
3. 我国的四大高原是：____、____、____、____。[多项填空]
答案：青藏高原、内蒙古高原、黄土高原、云贵高原
`,
  expected: {
    kind: "exam",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "inlineBlank",
            title: "中国的首都是____，最长的河流是____。",
            config: { blanks: [{ id: "q1_b1" }, { id: "q1_b2" }] },
            scoring: { mode: "blanks", pointsPerBlank: 2, accepted: { q1_b1: ["北京"], q1_b2: ["长江"] } },
          },
          {
            id: "q2",
            type: "text",
            title: "世界上面积最大的大洋是____。",
            scoring: { mode: "text", points: 2, accepted: ["太平洋"] },
          },
          {
            id: "q3",
            type: "inlineBlank",
            config: { blanks: [{ id: "q3_b1" }, { id: "q3_b2" }, { id: "q3_b3" }, { id: "q3_b4" }] },
            scoring: {
              mode: "blanks",
              pointsPerBlank: 1,
              accepted: {
                q3_b1: ["青藏高原"],
                q3_b2: ["内蒙古高原"],
                q3_b3: ["黄土高原"],
                q3_b4: ["云贵高原"],
              },
            },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
