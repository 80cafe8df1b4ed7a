import type { CorpusSample } from "./sample.ts";

/** 问卷星 text import: [题型] markers after the title, * for required, 其他____ as a fill-in option. */
export const wjxCafeSurvey: CorpusSample = {
  name: "问卷星格式：咖啡店顾客调查",
  text: `星巴克门店顾客满意度调查
亲爱的顾客，感谢您抽出宝贵时间填写本问卷，您的意见将帮助我们改进服务。

1. 您的性别[单选题]*
A. 男
B. 女

2. 您平均每周光顾咖啡店的次数[单选题]*
A. 不到1次
B. 1-2次
C. 3-5次
D. 5次以上

3. 您通常在什么时间段光顾？[多选题]
A. 早上上班前
B. 午休时间
C. 下午茶时间
D. 晚上
E. 其他____

4. 您最常点的饮品是？[填空题]

5. 您对本店有哪些意见或建议？[多行填空]
`,
  expected: {
    title: "星巴克门店顾客满意度调查",
    description: "亲爱的顾客，感谢您抽出宝贵时间填写本问卷，您的意见将帮助我们改进服务。",
    kind: "survey",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "您的性别",
            required: true,
            config: {
              options: [
                { id: "q1_o1", label: "男" },
                { id: "q1_o2", label: "女" },
              ],
            },
          },
          {
            id: "q2",
            type: "single",
            title: "您平均每周光顾咖啡店的次数",
            required: true,
            config: {
              options: [{ label: "不到1次" }, { label: "1-2次" }, { label: "3-5次" }, { label: "5次以上" }],
            },
          },
          {
            id: "q3",
            type: "multiple",
            title: "您通常在什么时间段光顾？",
            required: false,
            config: {
              options: [
                { label: "早上上班前" },
                { label: "午休时间" },
                { label: "下午茶时间" },
                { label: "晚上" },
                { id: "q3_o5", label: "其他", other: { textRequired: false } },
              ],
            },
          },
          { id: "q4", type: "text", title: "您最常点的饮品是？", required: false },
          { id: "q5", type: "textarea", title: "您对本店有哪些意见或建议？", required: false },
        ],
      },
    ],
  },
  warningLines: [],
};
