import type { CorpusSample } from "./sample.ts";

/** 量表 (numbers, a range, words), 评分, NPS and 排序 markers. */
export const scalesAndRanking: CorpusSample = {
  name: "量表、评分、NPS、排序题",
  kind: "satisfaction",
  text: `在线课程满意度调查
1. 课程内容对我的工作有帮助[量表题]
非常不同意 不同意 一般 同意 非常同意
2. 讲师的表达清晰易懂[量表题]
1-7
3. 请为本课程的整体质量打分[评分题]
4. 您有多大可能向同事推荐本课程？[NPS]
5. 请按您的重视程度对以下因素排序[排序题]
A. 课程内容
B. 讲师水平
C. 课程价格
D. 学习时长
`,
  expected: {
    kind: "satisfaction",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "likert",
            config: {
              points: 5,
              start: 1,
              minLabel: "非常不同意",
              maxLabel: "非常同意",
              labels: ["非常不同意", "不同意", "一般", "同意", "非常同意"],
            },
          },
          { id: "q2", type: "likert", config: { points: 7, start: 1 } },
          { id: "q3", type: "star", title: "请为本课程的整体质量打分", config: { max: 5 } },
          { id: "q4", type: "nps", title: "您有多大可能向同事推荐本课程？" },
          {
            id: "q5",
            type: "ranking",
            config: {
              options: [
                { label: "课程内容" },
                { label: "讲师水平" },
                { label: "课程价格" },
                { label: "学习时长" },
              ],
            },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
