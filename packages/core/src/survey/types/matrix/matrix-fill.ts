import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { lengthRangeSchema } from "../../definition/validation-rules.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addNested } from "../helpers/counters.ts";
import { matchesFormat, textFormatNames, textFormatSchema } from "../helpers/formats.ts";
import { checkLength } from "../helpers/text-rules.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import {
  checkRows,
  defaultColumns,
  defaultRows,
  emptyMatrixStats,
  labelOf,
  matrixShape,
  mergeMatrixStats,
  restrictRows,
  rowKeyType,
} from "./matrix-base.ts";

const configSchema = z.object({
  ...matrixShape,
  columns: z.array(optionSchema).min(1).max(30),
  format: textFormatSchema,
  length: lengthRangeSchema.optional(),
});
export type MatrixFillConfig = z.output<typeof configSchema>;
type Answer = Record<string, Record<string, string>>;

function validateCells(config: MatrixFillConfig, answer: Answer): Issue[] {
  const columns = new Set(config.columns.map((column) => column.id));
  const issues: Issue[] = [];
  for (const [rowId, cells] of Object.entries(answer)) {
    for (const [columnId, raw] of Object.entries(cells)) {
      const text = raw.trim();
      const path = [rowId, columnId];
      if (!columns.has(columnId)) issues.push(error("hiddenOption", m.hiddenOption(), path));
      else if (text !== "" && !matchesFormat(config.format, text)) {
        issues.push(error("format", m.format(textFormatNames[config.format]), path));
      } else if (text !== "") issues.push(...checkLength(text, config.length, path));
    }
  }
  return issues;
}

const rowComplete = (config: MatrixFillConfig, answer: Answer, rowId: string) =>
  config.columns.every((column) => (answer[rowId]?.[column.id] ?? "").trim() !== "");

/** 矩阵填空: a text cell per row and column. `$id.<rowId>` lists the row's cells. */
export const matrixFillType = defineQuestionType({
  type: "matrixFill",
  name: questionTypeNames.matrixFill,
  group: "matrix",
  configSchema,
  answerSchema: z.record(z.string(), z.record(z.string(), z.string().max(2000))),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => rowKeyType(config.rows, key, "list"),
  scoringModes: [],
  defaults: () => ({
    rows: defaultRows(),
    columns: defaultColumns(),
    rowsRequired: true,
    format: "none" as const,
  }),
  options: (config) => config.rows,
  selected: (answer) => Object.keys(answer),
  restrict: restrictRows,
  isEmpty: (answer) =>
    Object.values(answer).every((cells) => Object.values(cells).every((text) => text.trim() === "")),
  validate: (config, answer, env) => {
    const issues = validateCells(config, answer);
    if (issues.length > 0) return issues;
    return checkRows(Object.keys(answer), env.options, config.rowsRequired, (rowId) =>
      rowComplete(config, answer, rowId),
    );
  },
  toText: (config, answer, rows) =>
    Object.entries(answer)
      .map(([rowId, cells]) => {
        const filled = config.columns.map((column) => `${column.label}=${(cells[column.id] ?? "").trim()}`);
        return `${labelOf(rows, rowId)}:${filled.join("/")}`;
      })
      .join("、"),
  toValue: (config, answer, _rows, key) =>
    key === undefined
      ? Object.keys(answer)
      : config.columns.map((column) => (answer[key]?.[column.id] ?? "").trim()),
  stats: {
    empty: emptyMatrixStats,
    add: (_config, state, answer) => ({
      n: state.n + 1,
      cells: Object.entries(answer).reduce(
        (cells, [rowId, row]) =>
          addNested(
            cells,
            rowId,
            Object.keys(row).filter((columnId) => (row[columnId] ?? "").trim() !== ""),
          ),
        state.cells,
      ),
    }),
    merge: mergeMatrixStats,
  },
});
