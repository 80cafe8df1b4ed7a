import type { CorpusSample } from "./sample.ts";

/** Q-numbered quiz with 答案：/解析： lines, a multi-answer, a fill-in with alternatives and an essay. */
export const examAnswerLines: CorpusSample = {
  name: "Q 编号考试：答案行、解析行、简答题",
  kind: "exam",
  text: `新员工入职培训考试
考试时间30分钟，满分10分。

Q1 公司的核心价值观不包括以下哪一项？[单选题]（2分）
A. 客户第一
B. 团队合作
C. 个人至上
D. 诚信正直
答案：C
解析：个人至上与团队合作相悖。

Q2 以下哪些属于信息安全规范？[多选题]（3分）
A. 离开工位时锁屏
B. 密码贴在显示器上
C. 不在公共网络传输内部文件
D. 定期修改密码
答案：ACD

Q3 公司总部位于哪个城市？[填空题]（2分）
答案：深圳/深圳市

Q4 请简述你对“以客户为中心”的理解。[简答题]（3分）
参考答案：从客户需求出发，持续创造价值。
`,
  expected: {
    kind: "exam",
    description: "考试时间30分钟，满分10分。",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "公司的核心价值观不包括以下哪一项？",
            config: {
              options: [
                { label: "客户第一" },
                { label: "团队合作" },
                { label: "个人至上", correct: true },
                { label: "诚信正直" },
              ],
            },
            scoring: { mode: "single", points: 2 },
            explanation: "个人至上与团队合作相悖。",
          },
          {
            id: "q2",
            type: "multiple",
            config: {
              options: [
                { label: "离开工位时锁屏", correct: true },
                { label: "密码贴在显示器上" },
                { label: "不在公共网络传输内部文件", correct: true },
                { label: "定期修改密码", correct: true },
              ],
            },
            scoring: { mode: "allOrNothing", points: 3 },
          },
          {
            id: "q3",
            type: "text",
            title: "公司总部位于哪个城市？",
            scoring: { mode: "text", points: 2, accepted: ["深圳", "深圳市"] },
          },
          { id: "q4", type: "textarea", scoring: { mode: "manual", points: 3 } },
        ],
      },
    ],
  },
  // The essay's reference answer cannot be shown (its 解析 would be).
  warningLines: [23],
};
