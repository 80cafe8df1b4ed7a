import type { CorpusSample } from "./sample.ts";

/** No numbers and no markers: each block separated by a blank line is a question, its other lines options. */
export const blankLineBlocks: CorpusSample = {
  name: "无题号：空行分隔的题目块",
  text: `午餐外卖偏好小调查

你一般几点点午餐外卖？
11点前
11点-12点
12点以后

你最常点的外卖类型
中式快餐
麻辣烫
轻食沙拉
其他

你对外卖平台还有什么建议？
`,
  expected: {
    title: "午餐外卖偏好小调查",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "你一般几点点午餐外卖？",
            config: { options: [{ label: "11点前" }, { label: "11点-12点" }, { label: "12点以后" }] },
          },
          {
            id: "q2",
            type: "single",
            title: "你最常点的外卖类型",
            config: {
              options: [
                { label: "中式快餐" },
                { label: "麻辣烫" },
                { label: "轻食沙拉" },
                { label: "其他", other: { textRequired: false } },
              ],
            },
          },
          { id: "q3", type: "text", title: "你对外卖平台还有什么建议？" },
        ],
      },
    ],
  },
  warningLines: [],
};
