import type { CorpusSample } from "./sample.ts";

/** An exam paper from Word: answers written into the stem （B）, options on one line, scores （2分）. */
export const wordExamInline: CorpusSample = {
  name: "Word 试卷：题干内答案、同行选项、分值",
  kind: "exam",
  text: `消防安全知识测试卷
一、单项选择题
1．发生火灾时应拨打的报警电话是（B）。（2分）
A．110    B．119    C．120    D．122
2．使用灭火器时，应对准火焰的（ C ）喷射。（2分）
A．上部    B．中部    C．根部    D．任意部位
二、判断题
3．电器着火时可以直接用水扑灭。（×）（1分）
4．楼道内禁止堆放杂物。（√）（1分）
`,
  expected: {
    title: "消防安全知识测试卷",
    kind: "exam",
    pages: [
      {
        questions: [
          { id: "s1", type: "paragraph", title: "一、单项选择题" },
          {
            id: "q1",
            type: "single",
            title: "发生火灾时应拨打的报警电话是（  ）。",
            config: {
              options: [
                { id: "q1_o1", label: "110" },
                { id: "q1_o2", label: "119", correct: true },
                { id: "q1_o3", label: "120" },
                { id: "q1_o4", label: "122" },
              ],
            },
            scoring: { mode: "single", points: 2 },
          },
          {
            id: "q2",
            type: "single",
            title: "使用灭火器时，应对准火焰的（  ）喷射。",
            config: {
              options: [
                { label: "上部" },
                { label: "中部" },
                { label: "根部", correct: true },
                { label: "任意部位" },
              ],
            },
            scoring: { mode: "single", points: 2 },
          },
          { id: "s2", type: "paragraph", title: "二、判断题" },
          {
            id: "q3",
            type: "trueFalse",
            title: "电器着火时可以直接用水扑灭。（  ）",
            config: { options: [{ label: "对" }, { label: "错", correct: true }] },
            scoring: { mode: "single", points: 1 },
          },
          {
            id: "q4",
            type: "trueFalse",
            title: "楼道内禁止堆放杂物。（  ）",
            config: { options: [{ label: "对", correct: true }, { label: "错" }] },
            scoring: { mode: "single", points: 1 },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
