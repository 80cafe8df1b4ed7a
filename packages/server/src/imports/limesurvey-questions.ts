import { type OptionInput, richTextToPlain } from "@wjgj/core";
import { isValidId } from "./draft.ts";
import type { LsValueKind } from "./limesurvey-relevance.ts";
import type { LsItem, LsQuestion } from "./limesurvey-tables.ts";
import { importMessages as m } from "./messages.ts";

/** One LimeSurvey question as a product type, with what relevance equations over it need. */
export interface LsMapped {
  type: string;
  config: Record<string, unknown>;
  kind: LsValueKind;
  options?: Map<string, string>;
  keys?: Map<string, string>;
  columns?: Map<string, string>;
  randomize?: boolean;
  /** Options carrying an assessment value (scored when the survey uses assessments). */
  assessed?: boolean;
}

export type LsResult = LsMapped | { skip: string };

/** Question type codes and their LimeSurvey names, for report lines. */
export const lsTypeNames: Record<string, string> = {
  "1": "双尺度数组",
  "*": "equation（计算式）",
  I: "language switch（语言切换）",
  "|": "文件上传",
};

const label = (html: string) => richTextToPlain(html).replace(/\s+/g, " ").trim();

/** Option ids from answer or subquestion codes: the code when it is a valid id, else prefixed, unique. */
function optionsOf(
  items: readonly LsItem[],
  prefix: string,
  scored = false,
): { options: OptionInput[]; byCode: Map<string, string> } {
  const used = new Set<string>();
  const byCode = new Map<string, string>();
  const options = items.map((item, index) => {
    let id = isValidId(item.code) ? item.code : `${prefix}${item.code.replace(/[^A-Za-z0-9_-]/g, "")}`;
    if (!isValidId(id) || used.has(id)) id = `${prefix}${index + 1}`;
    while (used.has(id)) id = `${id}_`;
    used.add(id);
    byCode.set(item.code, id);
    return {
      id,
      label: (label(item.text) || item.code).slice(0, 1000),
      ...(scored && item.assessment !== 0 ? { score: item.assessment } : {}),
    };
  });
  return { options, byCode };
}

const attr = (question: LsQuestion, name: string) => question.attributes.get(name)?.trim() ?? "";
const attrNumber = (question: LsQuestion, name: string) => {
  const text = attr(question, name);
  const value = Number(text);
  return text !== "" && Number.isFinite(value) ? value : undefined;
};

function labelsOf(options: readonly OptionInput[]): Map<string, string> {
  return new Map(options.map((option) => [option.id, option.label]));
}

function list(question: LsQuestion, type: "single" | "dropdown" | "multiple", scored: boolean): LsResult {
  const items =
    type === "multiple" ? question.subquestions : question.answers.filter((item) => item.scale === 0);
  const { options, byCode } = optionsOf(items, type === "multiple" ? "s" : "a", scored);
  if (options.length === 0 && !question.other) return { skip: m.noChoices() };
  if (question.other) {
    const id = byCode.has("other") || options.some((option) => option.id === "other") ? "other_" : "other";
    options.push({
      id,
      label: (attr(question, "other_replace_text") || "其他").slice(0, 1000),
      other: { textRequired: false },
    });
    byCode.set("other", id);
  }
  const config: Record<string, unknown> = { options };
  const columns = attrNumber(question, "display_columns");
  if (type !== "dropdown" && columns !== undefined && columns >= 1)
    config.columns = Math.min(6, Math.round(columns));
  if (type === "multiple") {
    const min = attrNumber(question, "min_answers");
    const max = attrNumber(question, "max_answers");
    if ((min ?? 0) > 0 || (max ?? 0) > 0)
      config.selection = { ...((min ?? 0) > 0 ? { min } : {}), ...((max ?? 0) > 0 ? { max } : {}) };
  }
  return {
    type,
    config,
    kind: type === "multiple" ? "choiceN" : "choice1",
    options: byCode,
    randomize: attr(question, "random_order") === "1",
    assessed: scored && options.some((option) => option.score !== undefined),
  };
}

function fixed(type: "single" | "trueFalse", pairs: [string, string][]): LsResult {
  const options = pairs.map(([id, text]) => ({ id, label: text }));
  return { type, config: { options }, kind: "choice1", options: new Map(pairs.map(([id]) => [id, id])) };
}

function matrix(question: LsQuestion, columnItems: [string, string][] | null, scored: boolean): LsResult {
  const rows = optionsOf(
    question.subquestions.filter((item) => item.scale === 0),
    "r",
  );
  if (rows.options.length === 0) return { skip: m.lost("数组的子问题") };
  const items =
    columnItems?.map(([code, text]) => ({ code, text, order: 0, scale: 0, assessment: 0 })) ??
    question.answers.filter((item) => item.scale === 0);
  const columns = optionsOf(items, "c", scored);
  if (columns.options.length === 0) return { skip: m.lost("数组的答案选项") };
  const byLabel = labelsOf(columns.options);
  return {
    type: "matrixSingle",
    config: { rows: rows.options, columns: columns.options, rowsRequired: question.mandatory === "Y" },
    kind: "matrix",
    keys: rows.byCode,
    columns: new Map([...columns.byCode].map(([code, id]) => [code, byLabel.get(id) ?? code])),
  };
}

function scaleMatrix(question: LsQuestion, points: number): LsResult {
  const rows = optionsOf(
    question.subquestions.filter((item) => item.scale === 0),
    "r",
  );
  if (rows.options.length === 0) return { skip: m.lost("数组的子问题") };
  return {
    type: "matrixScale",
    config: {
      rows: rows.options,
      rowsRequired: question.mandatory === "Y",
      scale: { points, start: 1, minLabel: "", maxLabel: "" },
    },
    kind: "matrixNumber",
    keys: rows.byCode,
  };
}

function dualScale(question: LsQuestion): LsResult {
  const rows = optionsOf(
    question.subquestions.filter((item) => item.scale === 0),
    "r",
  );
  const scales = [0, 1].map(
    (scale) =>
      optionsOf(
        question.answers.filter((item) => item.scale === scale),
        "a",
      ).options,
  );
  if (rows.options.length === 0 || scales.some((choices) => choices.length === 0))
    return { skip: m.lost("双尺度数组的选项") };
  const headers = [
    attr(question, "dualscale_headerA") || "量表一",
    attr(question, "dualscale_headerB") || "量表二",
  ];
  const columns = scales.map((choices, i) => ({
    id: `scale${i + 1}`,
    label: (headers[i] ?? "").slice(0, 200),
    choices,
  }));
  return {
    type: "matrixDropdown",
    config: { rows: rows.options, rowsRequired: question.mandatory === "Y", columns },
    kind: "other",
  };
}

function textArray(question: LsQuestion, numeric: boolean): LsResult {
  const rows = optionsOf(
    question.subquestions.filter((item) => item.scale === 0),
    "r",
  );
  const columns = optionsOf(
    question.subquestions.filter((item) => item.scale === 1),
    "c",
  );
  if (rows.options.length === 0 || columns.options.length === 0) return { skip: m.lost("数组的行或列") };
  if (numeric && attr(question, "multiflexible_checkbox") === "1")
    return {
      type: "matrixMultiple",
      config: { rows: rows.options, columns: columns.options, rowsRequired: false },
      kind: "other",
    };
  return {
    type: "matrixFill",
    config: {
      rows: rows.options,
      columns: columns.options,
      rowsRequired: question.mandatory === "Y",
      format: numeric ? "number" : "none",
    },
    kind: "other",
  };
}

function blanks(question: LsQuestion, numeric: boolean): LsResult {
  const { options, byCode } = optionsOf(question.subquestions.slice(0, 50), "b");
  if (options.length === 0) return { skip: m.lost("填空项") };
  const total = attrNumber(question, "equals_num_value");
  if (numeric && total !== undefined && total > 0 && Number.isInteger(total))
    return { type: "allocation", config: { options, total }, kind: "other" };
  const config = options.map((option) => ({
    id: option.id,
    label: option.label.slice(0, 200),
    format: numeric ? "number" : "none",
    required: question.mandatory === "Y",
  }));
  return { type: "multiBlank", config: { blanks: config }, kind: "blanks", keys: byCode };
}

function numberQuestion(question: LsQuestion): LsResult {
  const min = attrNumber(question, "min_num_value_n");
  const max = attrNumber(question, "max_num_value_n");
  const range = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  return {
    type: "number",
    config: {
      decimals: attr(question, "num_value_int_only") === "1" ? 0 : 2,
      ...(Object.keys(range).length > 0 ? { range } : {}),
    },
    kind: "number",
  };
}

function textQuestion(question: LsQuestion, long: boolean): LsResult {
  const max = attrNumber(question, "maximum_chars");
  const length = max !== undefined && max > 0 ? { length: { max } } : {};
  if (long)
    return { type: "textarea", config: { rows: long ? 4 : 2, patterns: [], ...length }, kind: "text" };
  return { type: "text", config: { format: "none", patterns: [], ...length }, kind: "text" };
}

function fileQuestion(question: LsQuestion): LsResult {
  const accept = attr(question, "allowed_filetypes")
    .split(/[,\s]+/)
    .map((item) => item.trim().toLowerCase().replace(/^\./, ""))
    .filter((item) => /^[a-z0-9]{1,10}$/.test(item));
  const kb = attrNumber(question, "max_filesize");
  const count = attrNumber(question, "max_num_of_files");
  return {
    type: "file",
    config: {
      accept: [...new Set(accept)],
      maxSizeMb:
        kb !== undefined && kb > 0 ? Math.min(1024, Math.max(0.1, Math.round((kb / 1024) * 10) / 10)) : 10,
      maxCount: count !== undefined && count >= 1 ? Math.min(50, Math.round(count)) : 1,
      sensitive: false,
    },
    kind: "other",
  };
}

function ranking(question: LsQuestion): LsResult {
  const { options, byCode } = optionsOf(
    question.answers.filter((item) => item.scale === 0).slice(0, 50),
    "a",
  );
  if (options.length === 0) return { skip: m.noChoices() };
  const top = attrNumber(question, "max_subquestions") ?? attrNumber(question, "max_answers");
  return {
    type: "ranking",
    config: {
      options,
      ...(top !== undefined && top > 0 && top < options.length ? { rankCount: Math.round(top) } : {}),
    },
    kind: "other",
    options: byCode,
  };
}

/** A LimeSurvey question (by its type code) as a product question, or why it is skipped. */
export function mapLsQuestion(question: LsQuestion, scored: boolean): LsResult {
  switch (question.type) {
    case "L":
      return list(question, "single", scored);
    case "O":
      return list(question, "single", scored);
    case "!":
      return list(question, "dropdown", scored);
    case "M":
    case "P":
      return list(question, "multiple", scored);
    case "G":
      return fixed("single", [
        ["F", "女"],
        ["M", "男"],
      ]);
    case "Y":
      return fixed("trueFalse", [
        ["Y", "是"],
        ["N", "否"],
      ]);
    case "5":
      return { type: "likert", config: { points: 5, start: 1, minLabel: "", maxLabel: "" }, kind: "number" };
    case "F":
    case "H":
      return matrix(question, null, scored);
    case "C":
      return matrix(
        question,
        [
          ["Y", "是"],
          ["U", "不确定"],
          ["N", "否"],
        ],
        false,
      );
    case "E":
      return matrix(
        question,
        [
          ["I", "增加"],
          ["S", "不变"],
          ["D", "减少"],
        ],
        false,
      );
    case "A":
      return scaleMatrix(question, 5);
    case "B":
      return scaleMatrix(question, 10);
    case "1":
      return dualScale(question);
    case ":":
      return textArray(question, true);
    case ";":
      return textArray(question, false);
    case "K":
      return blanks(question, true);
    case "Q":
      return blanks(question, false);
    case "N":
      return numberQuestion(question);
    case "S":
      return textQuestion(question, false);
    case "T":
    case "U":
      return textQuestion(question, true);
    case "D": {
      const format = attr(question, "date_format");
      // LimeSurvey writes months as mm and minutes as MM (dd/mm/yyyy HH:MM).
      const timeOnly = /H/.test(format) && !/[dmyDY]/.test(format);
      return { type: timeOnly ? "time" : "date", config: {}, kind: "ordered" };
    }
    case "R":
      return ranking(question);
    case "X":
      return { type: "paragraph", config: { align: "left" }, kind: "other" };
    case "|":
      return fileQuestion(question);
    default:
      return { skip: m.unsupportedType(lsTypeNames[question.type] ?? question.type) };
  }
}
