import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { selectionRangeSchema } from "../../definition/validation-rules.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { validateSelectionCount } from "../helpers/choice.ts";
import { addNested } from "../helpers/counters.ts";
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
  columns: z.array(optionSchema).min(1).max(50),
  /** Per-row selection bounds. */
  selection: selectionRangeSchema.optional(),
});
export type MatrixMultipleConfig = z.output<typeof configSchema>;
type Answer = Record<string, string[]>;

function validateMatrixMultiple(
  config: MatrixMultipleConfig,
  answer: Answer,
  offered: Parameters<typeof checkRows>[1],
): Issue[] {
  const columns = new Set(config.columns.map((column) => column.id));
  const issues: Issue[] = [];
  for (const [rowId, picked] of Object.entries(answer)) {
    if (picked.some((columnId) => !columns.has(columnId)) || new Set(picked).size !== picked.length) {
      issues.push(error("hiddenOption", m.hiddenOption(), [rowId]));
    } else if (picked.length > 0) {
      issues.push(
        ...validateSelectionCount(picked.length, config.selection).map((issue) => ({
          ...issue,
          path: [rowId],
        })),
      );
    }
  }
  if (issues.length > 0) return issues;
  return checkRows(
    Object.keys(answer),
    offered,
    config.rowsRequired,
    (rowId) => (answer[rowId]?.length ?? 0) > 0,
  );
}

/** 矩阵多选: several columns per row; answer maps row id → column ids. */
export const matrixMultipleType = defineQuestionType({
  type: "matrixMultiple",
  name: questionTypeNames.matrixMultiple,
  group: "matrix",
  configSchema,
  answerSchema: z.record(z.string(), z.array(z.string().min(1).max(64)).max(50)),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => rowKeyType(config.rows, key, "list"),
  scoringModes: [],
  defaults: () => ({ rows: defaultRows(), columns: defaultColumns(), rowsRequired: true }),
  options: (config) => config.rows,
  selected: (answer) => Object.keys(answer).filter((rowId) => (answer[rowId]?.length ?? 0) > 0),
  restrict: restrictRows,
  isEmpty: (answer) => Object.values(answer).every((picked) => picked.length === 0),
  validate: (config, answer, env) => validateMatrixMultiple(config, answer, env.options),
  toText: (config, answer, rows) =>
    Object.entries(answer)
      .filter(([, picked]) => picked.length > 0)
      .map(
        ([rowId, picked]) =>
          `${labelOf(rows, rowId)}:${picked.map((id) => labelOf(config.columns, id)).join("/")}`,
      )
      .join("、"),
  toValue: (config, answer, _rows, key) =>
    key === undefined
      ? Object.values(answer).map((picked) => picked.length)
      : (answer[key] ?? []).map((id) => labelOf(config.columns, id)),
  stats: {
    empty: emptyMatrixStats,
    add: (_config, state, answer) => ({
      n: state.n + 1,
      cells: Object.entries(answer).reduce(
        (cells, [rowId, picked]) => addNested(cells, rowId, picked),
        state.cells,
      ),
    }),
    merge: mergeMatrixStats,
  },
});
