import type { CorpusSample } from "./sample.ts";

/** Things the importer cannot place are reported on their lines, and the rest still imports. */
export const problemsReported: CorpusSample = {
  name: "问题行给出提示：无选项、答案对不上、填空下的多余文字",
  kind: "exam",
  text: `1. 下列哪个是质数？[单选题]
答案：B
2. 1+1=？[单选题]
A. 1
B. 2
答案：E
3. 请写下你的学号[填空题]
学号为8位数字
`,
  expected: {
    title: "未命名问卷",
    pages: [
      {
        questions: [
          {
            id: "q1",
            type: "single",
            config: { options: [{ label: "选项1" }, { label: "选项2", correct: true }] },
          },
          { id: "q2", type: "single", config: { options: [{ label: "1" }, { label: "2" }] } },
          { id: "q3", type: "text", description: "学号为8位数字" },
        ],
      },
    ],
  },
  // No title (0), no options for 1 (1), answer E unknown (6), text under a fill-in (8).
  warningLines: [0, 1, 6, 8],
};
