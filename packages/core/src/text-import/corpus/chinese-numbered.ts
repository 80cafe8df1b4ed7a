import type { CorpusSample } from "./sample.ts";

/** 第一题 / 第二题 numbering with Chinese numerals, 【】 brackets and 答案： for a 判断题. */
export const chineseNumbered: CorpusSample = {
  name: "第一题格式：中文数字题号、【】标记",
  kind: "knowledge",
  text: `垃圾分类知识竞赛
第一题 废旧电池属于哪类垃圾？【单选题】
A、可回收物
B、有害垃圾
C、厨余垃圾
D、其他垃圾
答案：B
第二题 用过的餐巾纸属于可回收物。【判断题】
答案：错
第三题 以下哪些属于厨余垃圾？【多选题】
A、果皮
B、剩菜剩饭
C、塑料瓶
D、茶叶渣
答案：A、B、D
`,
  expected: {
    title: "垃圾分类知识竞赛",
    kind: "knowledge",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            title: "废旧电池属于哪类垃圾？",
            config: {
              options: [
                { label: "可回收物" },
                { label: "有害垃圾", correct: true },
                { label: "厨余垃圾" },
                { label: "其他垃圾" },
              ],
            },
            scoring: { mode: "single", points: 1 },
          },
          {
            id: "q2",
            type: "trueFalse",
            title: "用过的餐巾纸属于可回收物。",
            config: {
              options: [
                { id: "q2_o1", label: "对" },
                { id: "q2_o2", label: "错", correct: true },
              ],
            },
            scoring: { mode: "single", points: 1 },
          },
          {
            id: "q3",
            type: "multiple",
            config: {
              options: [
                { label: "果皮", correct: true },
                { label: "剩菜剩饭", correct: true },
                { label: "塑料瓶" },
                { label: "茶叶渣", correct: true },
              ],
            },
            scoring: { mode: "allOrNothing", points: 1 },
          },
        ],
      },
    ],
  },
  warningLines: [],
};
