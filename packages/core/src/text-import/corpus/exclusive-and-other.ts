import type { CorpusSample } from "./sample.ts";

/** Options with [互斥], 其他（请注明）, a required fill-in 其他____*, and a selection range in the title. */
export const exclusiveAndOther: CorpusSample = {
  name: "互斥选项、其他（请注明）、必填的其他",
  text: `家庭理财情况调查
1. 您家庭目前持有哪些理财产品？[多选题]（至少选1项）
A. 银行存款
B. 基金
C. 股票
D. 保险
E. 其他（请注明）
F. 以上都没有[互斥]
2. 您选择理财产品时最看重什么？[单选题]*
A. 收益
B. 风险
C. 流动性
D. 其他____*
`,
  expected: {
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "multiple",
            title: "您家庭目前持有哪些理财产品？（至少选1项）",
            config: {
              options: [
                { label: "银行存款" },
                { label: "基金" },
                { label: "股票" },
                { label: "保险" },
                { id: "q1_o5", label: "其他", other: { textRequired: false } },
                { id: "q1_o6", label: "以上都没有", exclusive: true },
              ],
              selection: { min: 1 },
            },
          },
          {
            id: "q2",
            type: "single",
            required: true,
            config: {
              options: [
                { label: "收益" },
                { label: "风险" },
                { label: "流动性" },
                { label: "其他", other: { textRequired: true } },
              ],
            },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
