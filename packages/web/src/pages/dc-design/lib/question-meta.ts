import { getQuestionType, type Option, type Question, type QuestionType } from "@wjgj/core";

/** Lists of a question that hold options (id + label) the designer edits in place. */
export type OptionListKey = "options" | "rows" | "columns";

const choiceWithOptions = new Set<string>([
  "single",
  "multiple",
  "dropdown",
  "imageSingle",
  "imageMultiple",
  "trueFalse",
  "voteSingle",
  "voteMultiple",
  "allocation",
  "ranking",
  "appointment",
]);
const matrixWithOptionColumns = new Set<string>(["matrixSingle", "matrixMultiple", "matrixFill"]);
const matrixTypes = new Set<string>([
  "matrixSingle",
  "matrixMultiple",
  "matrixFill",
  "matrixScale",
  "matrixDropdown",
]);

/** Which option lists a type has, in the order they are shown (rows before columns). */
export function optionListKeys(type: string): OptionListKey[] {
  if (choiceWithOptions.has(type)) return ["options"];
  if (matrixWithOptionColumns.has(type)) return ["rows", "columns"];
  if (matrixTypes.has(type)) return ["rows"];
  return [];
}

export function optionListOf(question: Question, key: OptionListKey): Option[] | undefined {
  if (!optionListKeys(question.type).includes(key)) return undefined;
  const list = (question.config as Record<string, unknown>)[key];
  return Array.isArray(list) ? (list as Option[]) : undefined;
}

export const optionListNames: Record<OptionListKey, string> = {
  options: "选项",
  rows: "行标题",
  columns: "列标题",
};

/** Types whose options can be chosen, so conditions, select-connect and select-join can read them. */
export const choiceTypes = new Set<string>([
  "single",
  "multiple",
  "dropdown",
  "imageSingle",
  "imageMultiple",
  "trueFalse",
  "voteSingle",
  "voteMultiple",
  "appointment",
]);
export const multiSelectTypes = new Set<string>(["multiple", "imageMultiple", "voteMultiple"]);

export function isAnswerable(type: string): boolean {
  return getQuestionType(type)?.answerable ?? false;
}

/** What a new question says before the author edits it, as 问卷星 does (a prompt rather than the type name). */
const defaultTitles: Partial<Record<QuestionType, string>> = {
  single: "请选择一个选项",
  multiple: "请选择以下选项（多选）",
  dropdown: "请选择",
  cascader: "请选择",
  imageSingle: "请选择一张图片",
  imageMultiple: "请选择图片（多选）",
  trueFalse: "请判断对错",
  voteSingle: "请投票",
  voteMultiple: "请投票（多选）",
  text: "请填写",
  textarea: "请填写",
  multiBlank: "请填写以下信息",
  inlineBlank: "我的答案是___。",
  number: "请填写数字",
  date: "请选择日期",
  time: "请选择时间",
  dateRange: "请选择日期范围",
  star: "请评分",
  nps: "您有多大可能向朋友推荐我们？",
  likert: "请选择您的同意程度",
  slider: "请拖动滑块",
  allocation: "请分配比重",
  ranking: "请排序",
  matrixSingle: "请对以下各项做出选择",
  matrixMultiple: "请对以下各项做出选择（多选）",
  matrixFill: "请填写下表",
  matrixScale: "请对以下各项打分",
  matrixDropdown: "请对以下各项做出选择",
  table: "请填写表格",
  file: "请上传文件",
  signature: "请签名",
  region: "请选择所在地区",
  personal: "姓名",
  appointment: "请选择预约时段",
  booking: "请选择预约时间",
  product: "请选择要购买的商品",
  paragraph: "段落说明",
  divider: "",
  group: "题组",
};

export function defaultTitle(type: QuestionType): string {
  return defaultTitles[type] ?? getQuestionType(type)?.name ?? "";
}

/** A question of `type` with the registry's defaults. Required by default, as on 问卷星. */
export function createQuestion(type: QuestionType, id: string): Question | null {
  const module = getQuestionType(type);
  if (!module || type === "pageBreak") return null;
  return {
    id,
    type,
    title: defaultTitle(type),
    required: module.answerable,
    config: module.defaults(),
  } as Question;
}
