import { personalPresetNames, personalPresets } from "@wjgj/core";

/** The template's columns, in order; only 题目 and 题型 are required. */
export const excelHeaders = [
  "编号",
  "题目",
  "题型",
  "选项",
  "矩阵行",
  "必答",
  "题目说明",
  "正确答案",
  "分值",
  "显示条件",
  "答案解析",
] as const;
export type ExcelColumn = (typeof excelHeaders)[number];

const headerAliases: Record<string, ExcelColumn> = {
  编号: "编号",
  题号: "编号",
  题目: "题目",
  题干: "题目",
  标题: "题目",
  题型: "题型",
  类型: "题型",
  选项: "选项",
  矩阵列: "选项",
  矩阵行: "矩阵行",
  行标题: "矩阵行",
  必答: "必答",
  必填: "必答",
  是否必答: "必答",
  是否必填: "必答",
  题目说明: "题目说明",
  说明: "题目说明",
  描述: "题目说明",
  正确答案: "正确答案",
  答案: "正确答案",
  分值: "分值",
  分数: "分值",
  显示条件: "显示条件",
  显示逻辑: "显示条件",
  答案解析: "答案解析",
  解析: "答案解析",
};

/** Which sheet column holds which template column, from a header row; null when 题目 or 题型 is missing. */
export function columnsOfHeader(cells: readonly string[]): Map<ExcelColumn, number> | null {
  const columns = new Map<ExcelColumn, number>();
  cells.forEach((cell, index) => {
    const name = headerAliases[cell.replace(/[\s*＊]/g, "")];
    if (name && !columns.has(name)) columns.set(name, index);
  });
  return columns.has("题目") && columns.has("题型") ? columns : null;
}

export type PersonalPreset = (typeof personalPresets)[number];

export type RowType = { type: string; preset?: PersonalPreset } | { type: "pageBreak" };

const typeWords: [string, string[]][] = [
  ["single", ["单选", "单选题", "单项选择", "单项选择题", "radio"]],
  ["multiple", ["多选", "多选题", "多项选择", "多项选择题", "不定项选择", "checkbox"]],
  ["dropdown", ["下拉", "下拉题", "下拉框", "下拉菜单", "dropdown"]],
  ["trueFalse", ["判断", "判断题", "是非题"]],
  ["text", ["填空", "填空题", "单行文本", "单行填空", "文本", "text"]],
  ["textarea", ["多行文本", "多行填空", "简答", "简答题", "问答题", "textarea"]],
  ["multiBlank", ["多项填空", "多项填空题"]],
  ["number", ["数字", "数字题", "数值"]],
  ["date", ["日期", "日期题"]],
  ["time", ["时间", "时间题"]],
  ["dateRange", ["日期范围", "日期区间"]],
  ["star", ["星级评分", "评分", "评分题", "打分", "打分题"]],
  ["likert", ["量表", "量表题", "李克特量表"]],
  ["nps", ["nps", "nps量表", "净推荐值"]],
  ["slider", ["滑块", "滑块题", "滑动条"]],
  ["ranking", ["排序", "排序题"]],
  ["allocation", ["比重", "比重题", "分配题"]],
  ["matrixSingle", ["矩阵单选", "矩阵单选题", "矩阵", "矩阵题"]],
  ["matrixMultiple", ["矩阵多选", "矩阵多选题"]],
  ["matrixScale", ["矩阵量表", "矩阵量表题"]],
  ["matrixFill", ["矩阵填空", "矩阵填空题"]],
  ["file", ["文件上传", "上传", "附件"]],
  ["signature", ["签名", "电子签名", "手写签名"]],
  ["region", ["地区", "省市区", "省市"]],
  ["voteSingle", ["投票单选"]],
  ["voteMultiple", ["投票多选"]],
  ["paragraph", ["段落说明", "段落", "说明文字"]],
  ["divider", ["分割线"]],
  ["pageBreak", ["分页", "分页符"]],
];
const byWord = new Map<string, RowType>(
  typeWords.flatMap(([type, words]) => words.map((word): [string, RowType] => [word, { type }])),
);
for (const preset of personalPresets) byWord.set(personalPresetNames[preset], { type: "personal", preset });
byWord.set("手机号", { type: "personal", preset: "mobile" });
byWord.set("身份证号", { type: "personal", preset: "idCard" });

/** Types the product has but a sheet row cannot describe (images, trees, slots, per-column choices). */
export const notFromSheet = new Set([
  "图片单选",
  "图片多选",
  "多级联动",
  "预约时段",
  "表格自增",
  "矩阵下拉",
  "题组",
]);

/** The product names of the types a sheet may name (for the template's instructions). */
export const excelTypeNames = typeWords.map(([, words]) => words[1] ?? words[0]);

export function rowType(name: string): RowType | undefined {
  return byWord.get(name.replace(/\s/g, "").toLowerCase()) ?? byWord.get(name.replace(/\s/g, ""));
}
