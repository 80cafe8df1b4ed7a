import type { QuestionInput } from "@wjgj/core/survey/definition/question";

/**
 * The two questions the 文本分析 tests share (text-analysis, text-codes, report-share): a department to split the
 * answers by, and the open question whose words, codes and report they check.
 */
export const departmentQuestion: QuestionInput = {
  id: "group",
  type: "single",
  title: "您的部门",
  config: {
    options: [
      { id: "a", label: "销售部" },
      { id: "b", label: "技术部" },
    ],
  },
};

export const adviceQuestion: QuestionInput = {
  id: "advice",
  type: "textarea",
  title: "您对我们有什么建议？",
  config: {},
};
