/**
 * Wording of the 题库 checks (import rows and the bank question editor), in one place. Each builder names
 * the value at fault and what was expected, so a person can fix the row or the field without guessing:
 * “答案E 超出选项范围（共2个选项）”, not “答案应为选项字母”.
 */
export const bankMessages = {
  /** An import row's message, prefixed with its sheet row number as Excel shows it. */
  row: (row: number, message: string) => `第${row}行：${message}`,
  noRows: () => "表格中没有题目",
  titleMissing: () => "缺少题目标题",
  titleTooLong: (length: number) => `题目标题不能超过1000个字（现有${length}个字）`,
  typeMissing: () => "缺少题型，应为单选题、多选题、判断题或填空题",
  typeInvalid: (name: string) => `题型“${name}”无效，应为单选题、多选题、判断题或填空题`,
  typeUnsupported: (name: string) => `题库只收单选题、多选题、判断题和填空题，不收“${name}”`,
  pointsInvalid: (text: string) => `分值“${text}”无效，应为1-100的整数`,
  difficultyInvalid: (text: string) => `难度“${text}”无效，应为简单、中等或困难`,
  tooManyTags: (count: number) => `标签最多10个（现有${count}个）`,
  tagTooLong: (tag: string) => `标签“${tag}”超过20个字`,
  tooFewOptions: (typeName: string, count: number) =>
    count === 0
      ? `${typeName}缺少选项，至少2个，用 | 或换行分隔`
      : `${typeName}至少需要2个选项（现有${count}个），用 | 或换行分隔`,
  tooManyOptions: (count: number) => `选项最多26个（现有${count}个）`,
  optionEmpty: (index: number) => `第${index}个选项没有内容`,
  optionTooLong: (index: number) => `第${index}个选项超过1000个字`,
  answerMissing: () => "缺少答案，应填选项字母，如 A 或 AC",
  answerNotLetters: (answer: string) => `答案“${answer}”应为选项字母，如 A 或 AC`,
  answerOutOfRange: (letters: string, count: number) => `答案${letters} 超出选项范围（共${count}个选项）`,
  singleHasMany: (answer: string) => `单选题只能有一个答案（填了${answer}）`,
  trueFalseAnswer: () => "判断题答案应为“对”或“错”",
  textAnswerMissing: () => "填空题缺少参考答案，多个参考答案用 | 分隔",
  explanationTooLong: (length: number) => `解析不能超过5000个字（现有${length}个字）`,
  // The editor's own checks (a question built field by field rather than from a row).
  scoringMissing: () => "请设置计分方式和正确答案：题库中的题目都要能判分",
  scoringModeInvalid: (typeName: string) => `${typeName}在题库中只能按正确答案计分`,
  noCorrectOption: () => "请勾选至少一个正确答案",
  singleCorrectMany: (count: number) => `单选题只能有一个正确答案（勾选了${count}个）`,
  pointsOutOfRange: (points: number) => `本题分值应为1-100的整数（现为${points}）`,
  questionInvalid: (detail: string) => `题目内容有误：${detail}`,
} as const;
