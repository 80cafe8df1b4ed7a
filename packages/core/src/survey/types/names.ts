/**
 * Each question type's Chinese name, as the designer's palette and the reports show it, in palette order. The type
 * modules take their `name` from here, so a page that only names types (the shared 数据报告) need not load the
 * modules and their answer schemas.
 */
export const questionTypeNames = {
  single: "单选",
  multiple: "多选",
  dropdown: "下拉框",
  cascader: "多级联动",
  imageSingle: "图片单选",
  imageMultiple: "图片多选",
  trueFalse: "判断题",
  voteSingle: "投票单选",
  voteMultiple: "投票多选",
  text: "单行文本",
  textarea: "多行文本",
  multiBlank: "多项填空",
  inlineBlank: "横向填空",
  number: "数字",
  date: "日期",
  time: "时间",
  dateRange: "日期范围",
  star: "星级评分",
  nps: "NPS量表",
  likert: "量表题",
  slider: "滑块",
  allocation: "比重题",
  ranking: "排序题",
  matrixSingle: "矩阵单选",
  matrixMultiple: "矩阵多选",
  matrixFill: "矩阵填空",
  matrixScale: "矩阵量表",
  matrixDropdown: "矩阵下拉",
  table: "表格自增",
  file: "文件上传",
  signature: "电子签名",
  region: "省市区",
  personal: "个人信息",
  booking: "预约",
  product: "商品",
  appointment: "预约时段",
  paragraph: "段落说明",
  pageBreak: "分页",
  divider: "分割线",
  group: "题组",
} as const;

/** The Chinese name of a question type; undefined for a type this build does not know. */
export function questionTypeName(type: string): string | undefined {
  return Object.hasOwn(questionTypeNames, type)
    ? questionTypeNames[type as keyof typeof questionTypeNames]
    : undefined;
}
