import type { CorpusSample } from "./sample.ts";

/** A sign-up form: fill-ins, 多项填空 with one blank per line, 下拉题 and 日期. */
export const formRegistration: CorpusSample = {
  name: "报名表单：多项填空、下拉题、日期",
  kind: "form",
  text: `2024秋季马拉松报名表
1. 姓名[填空题]*
2. 联系方式[多项填空]*
手机号：________
紧急联系人：________
紧急联系人电话：________
3. 参赛组别[下拉题]*
全程马拉松（42.195公里）
半程马拉松（21.0975公里）
欢乐跑（5公里）
4. 出生日期[日期]*
5. T恤尺码[单选题]*
S
M
L
XL
`,
  expected: {
    kind: "form",
    pages: [
      {
        questions: [
          { id: "q1", type: "text", title: "姓名", required: true },
          {
            id: "q2",
            type: "multiBlank",
            required: true,
            config: {
              blanks: [
                { id: "q2_b1", label: "手机号" },
                { id: "q2_b2", label: "紧急联系人" },
                { id: "q2_b3", label: "紧急联系人电话" },
              ],
            },
          },
          {
            id: "q3",
            type: "dropdown",
            config: {
              options: [
                { label: "全程马拉松（42.195公里）" },
                { label: "半程马拉松（21.0975公里）" },
                { label: "欢乐跑（5公里）" },
              ],
            },
          },
          { id: "q4", type: "date", required: true },
          {
            id: "q5",
            type: "single",
            config: { options: [{ label: "S" }, { label: "M" }, { label: "L" }, { label: "XL" }] },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
