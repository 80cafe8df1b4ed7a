import type { CorpusSample } from "./sample.ts";

/** A title and a sentence but no question: still a valid, empty questionnaire, and a clear warning. */
export const emptyText: CorpusSample = {
  name: "只有标题没有题目",
  text: `年会节目征集
欢迎大家踊跃报名！
`,
  expected: {
    title: "年会节目征集",
    description: "欢迎大家踊跃报名！",
    pages: [{ id: "p1", questions: [] }],
  },
  warningLines: [0],
};
