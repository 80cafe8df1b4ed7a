import type { CorpusSample } from "./sample.ts";

/** A Word survey marking types and required answers in parentheses: （单选）（可多选）（必填）, 1、 numbering. */
export const parenthesisMarkers: CorpusSample = {
  name: "括号标记：（单选）（可多选）（必填）",
  kind: "satisfaction",
  text: `2024年度员工满意度调查
为持续改善工作环境，请您如实填写，问卷匿名。

1、您所在的部门（单选）（必填）
A）研发部
B）市场部
C）人力资源部
D）财务部
2、您认为公司在哪些方面需要改进？（可多选）
A）薪酬福利
B）晋升通道
C）办公环境
D）培训机会
3、您对直属上级的管理方式满意吗？（单选）
A）非常满意
B）比较满意
C）一般
D）不满意
4、其他建议（选填）
`,
  expected: {
    title: "2024年度员工满意度调查",
    kind: "satisfaction",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "您所在的部门",
            required: true,
            config: {
              options: [
                { label: "研发部" },
                { label: "市场部" },
                { label: "人力资源部" },
                { label: "财务部" },
              ],
            },
          },
          { id: "q2", type: "multiple", title: "您认为公司在哪些方面需要改进？", required: false },
          { id: "q3", type: "single", title: "您对直属上级的管理方式满意吗？" },
          { id: "q4", type: "text", title: "其他建议（选填）", required: false },
        ],
      },
    ],
  },
  warningLines: [],
};
