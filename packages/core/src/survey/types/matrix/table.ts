import { z } from "zod";
import { idSchema } from "../../definition/ids.ts";
import { optionSchema } from "../../definition/option.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

const columnSchema = z.object({
  id: idSchema,
  label: z.string().max(200),
  kind: z.enum(["text", "number", "select"]).default("text"),
  required: z.boolean().default(true),
  /** For `kind: "select"`. */
  choices: z.array(optionSchema).max(200).optional(),
});
export type TableColumn = z.output<typeof columnSchema>;

const configSchema = z
  .object({
    columns: z.array(columnSchema).min(1).max(20),
    minRows: z.number().int().min(0).default(1),
    maxRows: z.number().int().min(1).max(200).default(20),
  })
  .refine((config) => config.maxRows >= config.minRows, { message: "最多行数不能小于最少行数" });
export type TableConfig = z.output<typeof configSchema>;

const cellSchema = z.union([z.string().max(2000), z.number().finite()]);
type Row = Record<string, string | number>;

function validateCell(
  column: TableColumn,
  value: string | number | undefined,
  path: (string | number)[],
): Issue[] {
  const empty = value === undefined || (typeof value === "string" && value.trim() === "");
  if (empty) return column.required ? [error("blankRequired", m.blankRequired(column.label), path)] : [];
  if (column.kind === "number" && typeof value !== "number") return [error("format", m.format("数字"), path)];
  if (column.kind === "text" && typeof value !== "string")
    return [error("invalidAnswer", m.invalidAnswer(), path)];
  if (column.kind === "select" && !column.choices?.some((choice) => choice.id === value)) {
    return [error("hiddenOption", m.hiddenOption(), path)];
  }
  return [];
}

function validateTable(config: TableConfig, rows: readonly Row[]): Issue[] {
  if (rows.length < config.minRows) return [error("minRows", m.minRows(config.minRows))];
  if (rows.length > config.maxRows) return [error("maxRows", m.maxRows(config.maxRows))];
  const known = new Set(config.columns.map((column) => column.id));
  return rows.flatMap((row, index) => [
    ...Object.keys(row)
      .filter((id) => !known.has(id))
      .map((id) => error("invalidAnswer", m.invalidAnswer(), [index, id])),
    ...config.columns.flatMap((column) => validateCell(column, row[column.id], [index, column.id])),
  ]);
}

/** 表格自增: the respondent adds rows (between minRows and maxRows); `$id` is the row count. */
export const tableType = defineQuestionType({
  type: "table",
  name: questionTypeNames.table,
  group: "matrix",
  configSchema,
  answerSchema: z.array(z.record(z.string(), cellSchema)).max(200),
  answerable: true,
  valueType: "number",
  scoringModes: [],
  defaults: () => ({
    columns: [
      { id: "c1", label: "姓名", kind: "text" as const, required: true },
      { id: "c2", label: "年龄", kind: "number" as const, required: false },
    ],
    minRows: 1,
    maxRows: 20,
  }),
  isEmpty: (rows) => rows.length === 0,
  validate: validateTable,
  toText: (config, rows) =>
    rows.map((row) => config.columns.map((column) => String(row[column.id] ?? "")).join("/")).join("；"),
  toValue: (_config, rows) => rows.length,
  stats: {
    empty: () => ({ n: 0, rows: 0 }),
    add: (_config, state, rows) => ({ n: state.n + 1, rows: state.rows + rows.length }),
    merge: (a, b) => ({ n: a.n + b.n, rows: a.rows + b.rows }),
  },
});
