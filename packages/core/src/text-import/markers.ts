/**
 * Question-type markers as people paste them from 问卷星, 腾讯问卷 and Word: [单选题], 【多选题】, （多选）…
 * `paragraph` and `pageBreak` are structural; every other marker names a question type of core.
 */
export type MarkerType =
  | "single"
  | "multiple"
  | "dropdown"
  | "trueFalse"
  | "text"
  | "textarea"
  | "multiBlank"
  | "matrixSingle"
  | "matrixMultiple"
  | "matrixScale"
  | "matrixFill"
  | "likert"
  | "nps"
  | "ranking"
  | "star"
  | "number"
  | "date"
  | "paragraph"
  | "pageBreak";

const markerWords: [MarkerType, string[]][] = [
  ["single", ["单选题", "单选", "单项选择题", "单项选择", "单选择题"]],
  [
    "multiple",
    ["多选题", "多选", "多项选择题", "多项选择", "不定项选择题", "不定项选择", "不定项", "可多选"],
  ],
  ["dropdown", ["下拉题", "下拉框", "下拉单选", "下拉菜单", "下拉选择", "下拉"]],
  ["trueFalse", ["判断题", "判断"]],
  ["text", ["填空题", "填空", "单行填空", "单项填空", "单行文本", "单行文本题"]],
  [
    "textarea",
    ["多行填空", "多行填空题", "多行文本", "多行文本题", "简答题", "简答", "问答题", "问答", "论述题"],
  ],
  ["multiBlank", ["多项填空题", "多项填空", "多空填空", "横向填空"]],
  ["matrixSingle", ["矩阵单选题", "矩阵单选", "矩阵题", "矩阵"]],
  ["matrixMultiple", ["矩阵多选题", "矩阵多选"]],
  ["matrixScale", ["矩阵量表题", "矩阵量表"]],
  ["matrixFill", ["矩阵填空题", "矩阵填空"]],
  ["likert", ["量表题", "量表", "李克特量表"]],
  ["nps", ["NPS题", "NPS", "nps", "净推荐值", "推荐度"]],
  ["ranking", ["排序题", "排序"]],
  ["star", ["评分题", "评分", "星级评分", "打分题"]],
  ["number", ["数字题", "数字"]],
  ["date", ["日期题", "日期"]],
  ["paragraph", ["段落说明", "段落", "说明"]],
  ["pageBreak", ["分页", "分页符", "分页栏"]],
];

const byWord = new Map<string, MarkerType>(
  markerWords.flatMap(([type, words]) => words.map((word): [string, MarkerType] => [word, type])),
);

/** Words allowed in （…） as a marker: people write （多选） but （说明） or （日期） is ordinary text. */
const parenthesisTypes = new Set<MarkerType>([
  "single",
  "multiple",
  "trueFalse",
  "text",
  "textarea",
  "dropdown",
]);

export interface ParsedMarkers {
  type?: MarkerType;
  required: boolean;
  selection?: { min?: number; max?: number };
  points?: number;
  /** The title with every recognised marker removed. */
  rest: string;
}

const bracketPattern = /[[【［]\s*([^\]】］]{1,24}?)\s*[\]】］]/g;
const parenPattern = /[(（]\s*([^)）]{1,16}?)\s*[)）]/g;
const requiredWords = new Set(["必填", "必答", "必选", "必填题", "必答题"]);
const pointsPattern = /^(?:本题)?(\d{1,3}(?:\.\d{1,2})?)\s*分$/;

function selectionOf(text: string): { min?: number; max?: number } | undefined {
  const max = text.match(/(?:最多|至多|限|不超过)\s*(?:选\s*)?(\d{1,3})\s*[项个]/);
  const min = text.match(/(?:至少|最少|不少于)\s*(?:选\s*)?(\d{1,3})\s*[项个]/);
  const exact = text.match(/^(?:请)?选\s*(\d{1,3})\s*[项个]$/);
  if (exact) return { min: Number(exact[1]), max: Number(exact[1]) };
  if (!max && !min) return undefined;
  return { ...(min ? { min: Number(min[1]) } : {}), ...(max ? { max: Number(max[1]) } : {}) };
}

/** The marker a bracket's content names, with what follows it (e.g. 多选题，最多选3项). */
function markerOf(content: string): { type: MarkerType; extra: string } | undefined {
  const exact = byWord.get(content);
  if (exact) return { type: exact, extra: "" };
  for (const [word, type] of byWord) {
    if (content.startsWith(word) && /^[\s,，、:：;；]/.test(content.slice(word.length))) {
      return { type, extra: content.slice(word.length).replace(/^[\s,，、:：;；]+/, "") };
    }
  }
  return undefined;
}

/**
 * Pulls type markers, required marks (*, （必填）), points (（5分）) and selection hints out of a title.
 * Selection hints stay in the title as respondents expect to read them; markers and marks go.
 */
export function parseMarkers(title: string): ParsedMarkers {
  const found: ParsedMarkers = { required: false, rest: title };
  const take = (type: MarkerType) => {
    found.type ??= type;
  };
  let rest = title.replace(bracketPattern, (whole, content: string) => {
    const marker = markerOf(content.trim());
    if (marker) {
      take(marker.type);
      const selection = selectionOf(marker.extra);
      if (selection) found.selection = selection;
      return "";
    }
    if (requiredWords.has(content.trim())) {
      found.required = true;
      return "";
    }
    const points = content.trim().match(pointsPattern);
    if (points) {
      found.points = Number(points[1]);
      return "";
    }
    return whole;
  });
  rest = rest.replace(parenPattern, (whole, content: string) => {
    const text = content.trim();
    const marker = byWord.get(text);
    if (marker && parenthesisTypes.has(marker)) {
      take(marker);
      return "";
    }
    if (requiredWords.has(text)) {
      found.required = true;
      return "";
    }
    const points = text.match(pointsPattern);
    if (points && found.points === undefined) {
      found.points = Number(points[1]);
      return "";
    }
    const selection = selectionOf(text);
    if (selection) found.selection = selection;
    return whole;
  });
  rest = rest.trim();
  if (/^[*＊]/.test(rest) || /[*＊]$/.test(rest)) {
    found.required = true;
    rest = rest.replace(/^[*＊]+/, "").replace(/[*＊]+$/, "");
  }
  found.rest = rest.trim();
  return found;
}

/** A line that is only a page break: [分页], 【分页】, ===分页===, —— 分页 ——, optionally with a caption. */
export function pageBreakOf(line: string): { title?: string } | undefined {
  const bracket = line.match(/^[-=—_*#\s]*[[【［]\s*(?:分页|分页符|分页栏)\s*[\]】］][-=—_*#\s]*(.*)$/);
  if (bracket) {
    const title = (bracket[1] ?? "").trim();
    return title ? { title } : {};
  }
  if (/^[-=—_*#\s]*分页(?:符|栏|线)?[-=—_*#\s]*$/.test(line) && /[-=—_*#]/.test(line)) return {};
  if (line === "分页" || line === "分页符") return {};
  return undefined;
}
