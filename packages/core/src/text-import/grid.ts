import type { OptionInput, QuestionInput } from "../survey/index.ts";
import type { ParsedBody } from "./body.ts";
import { limitText, type Warn } from "./context.ts";
import { splitItems } from "./lines.ts";
import type { SourceLine } from "./scan.ts";

const defaultColumns = ["非常不满意", "不满意", "一般", "满意", "非常满意"];

interface Axes {
  rows: SourceLine[];
  columns: SourceLine[];
}

/**
 * Rows and columns of a matrix: 行：/列： sections when present; otherwise the line holding several items
 * (满意 一般 不满意, or A.满意 B.一般 on one line) gives the columns and every other line is a row.
 */
function axesOf(body: ParsedBody): Axes {
  if (body.rows.length > 0 || body.columns.length > 0) {
    const plain = body.options.map((option) => ({ line: option.line, text: option.label }));
    return {
      rows: body.rows.length > 0 ? body.rows : plain,
      columns: body.columns.length > 0 ? body.columns : body.rows.length > 0 ? plain : [],
    };
  }
  const perLine = new Map<number, string[]>();
  for (const option of body.options)
    perLine.set(option.line, [...(perLine.get(option.line) ?? []), option.label]);
  const columnsLine = [...perLine].find(
    ([, labels]) => labels.length > 1 || (labels[0] !== undefined && splitItems(labels[0]).length > 1),
  );
  if (!columnsLine) {
    return { rows: body.options.map((option) => ({ line: option.line, text: option.label })), columns: [] };
  }
  const [line, labels] = columnsLine;
  const items = labels.length > 1 ? labels : splitItems(labels[0] ?? "");
  return {
    rows: body.options.filter((option) => option.line !== line).map((o) => ({ line: o.line, text: o.label })),
    columns: items.map((text) => ({ line, text })),
  };
}

function toAxis(prefix: string, items: readonly SourceLine[], max: number, warn: Warn, what: string) {
  if (items.length > max) warn(items[max]?.line ?? 0, `${what}超过 ${max} 个，多出的已忽略`);
  return items.slice(0, max).map(
    (item, index): OptionInput => ({
      id: `${prefix}${index + 1}`,
      label: limitText(item.text, 1000, item.line, warn),
    }),
  );
}

type MatrixType = "matrixSingle" | "matrixMultiple" | "matrixScale" | "matrixFill";

export function buildMatrix(
  base: { id: string; title: string; required: boolean; description?: string },
  type: MatrixType,
  body: ParsedBody,
  line: number,
  warn: Warn,
): QuestionInput {
  const axes = axesOf(body);
  let rows = toAxis(`${base.id}_r`, axes.rows, 200, warn, "矩阵行");
  if (rows.length === 0) {
    warn(line, "矩阵题没有行，已添加默认的行");
    rows = [1, 2, 3].map((n) => ({ id: `${base.id}_r${n}`, label: `行${n}` }));
  }
  let columnItems = axes.columns;
  if (columnItems.length === 0 && type !== "matrixScale") {
    warn(line, "矩阵题没有列（可写「列：满意|一般|不满意」），已使用五级满意度");
    columnItems = defaultColumns.map((text) => ({ line, text }));
  }
  if (type === "matrixScale") {
    const labels = columnItems.map((item) => item.text).slice(0, 11);
    const scale =
      labels.length >= 2
        ? { points: labels.length, start: 1, minLabel: labels[0], maxLabel: labels.at(-1), labels }
        : { points: 5, start: 1 };
    return { ...base, type, config: { rows, scale } };
  }
  const columns = toAxis(`${base.id}_c`, columnItems, 50, warn, "矩阵列");
  if (type === "matrixFill") return { ...base, type, config: { rows, columns } };
  return { ...base, type, config: { rows, columns } };
}

/** 量表题: "1 2 3 4 5" or "1-7" sets the points; words set a caption per point. */
export function buildLikert(
  base: { id: string; title: string; required: boolean; description?: string },
  body: ParsedBody,
  line: number,
  warn: Warn,
): QuestionInput {
  const labels = body.options.flatMap((option) => splitItems(option.label));
  const range = labels.length === 1 ? labels[0]?.match(/^(\d{1,2})\s*[-~～—到至]\s*(\d{1,2})$/) : null;
  if (range) {
    const start = Number(range[1]);
    const points = Number(range[2]) - start + 1;
    if (start <= 1 && points >= 2 && points <= 11)
      return { ...base, type: "likert", config: { points, start } };
  }
  if (labels.length === 0) return { ...base, type: "likert", config: { points: 5, start: 1 } };
  if (labels.length < 2 || labels.length > 11) {
    warn(line, "量表题需要 2 到 11 个刻度，已使用 5 级量表");
    return { ...base, type: "likert", config: { points: 5, start: 1 } };
  }
  if (labels.every((label) => /^\d+$/.test(label))) {
    const start = Number(labels[0]) === 0 ? 0 : 1;
    return { ...base, type: "likert", config: { points: labels.length, start } };
  }
  const [minLabel = "", maxLabel = ""] = [labels[0], labels.at(-1)];
  return {
    ...base,
    type: "likert",
    config: {
      points: labels.length,
      start: 1,
      minLabel: minLabel.slice(0, 50),
      maxLabel: maxLabel.slice(0, 50),
      labels: labels.map((l) => l.slice(0, 50)),
    },
  };
}

/** 评分题: stars, 5 by default; option lines become a caption per star. */
export function buildStar(
  base: { id: string; title: string; required: boolean; description?: string },
  body: ParsedBody,
  line: number,
  warn: Warn,
): QuestionInput {
  const labels = body.options.flatMap((option) => splitItems(option.label));
  if (labels.length === 0) return { ...base, type: "star", config: { max: 5 } };
  if (labels.length < 2 || labels.length > 10) {
    warn(line, "评分题需要 2 到 10 个等级，已使用 5 星");
    return { ...base, type: "star", config: { max: 5 } };
  }
  if (labels.every((label) => /^\d+$/.test(label)))
    return { ...base, type: "star", config: { max: labels.length } };
  return { ...base, type: "star", config: { max: labels.length, labels: labels.map((l) => l.slice(0, 50)) } };
}
