import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
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

const configSchema = z.object({ ...matrixShape, columns: z.array(optionSchema).min(1).max(50) });
export type MatrixSingleConfig = z.output<typeof configSchema>;

/** 矩阵单选: one column per row; answer maps row id → column id. `$id.<rowId>` is the column's label. */
export const matrixSingleType = defineQuestionType({
  type: "matrixSingle",
  name: questionTypeNames.matrixSingle,
  group: "matrix",
  configSchema,
  answerSchema: z.record(z.string(), z.string().min(1).max(64)),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => rowKeyType(config.rows, key, "string"),
  scoringModes: [],
  defaults: () => ({ rows: defaultRows(), columns: defaultColumns(), rowsRequired: true }),
  options: (config) => config.rows,
  selected: (answer) => Object.keys(answer),
  restrict: restrictRows,
  isEmpty: (answer) => Object.keys(answer).length === 0,
  validate: (config, answer, env) => {
    const columns = new Set(config.columns.map((column) => column.id));
    const badColumns = Object.entries(answer).filter(([, columnId]) => !columns.has(columnId));
    if (badColumns.length > 0)
      return badColumns.map(([rowId]) => error("hiddenOption", m.hiddenOption(), [rowId]));
    return checkRows(
      Object.keys(answer),
      env.options,
      config.rowsRequired,
      (rowId) => answer[rowId] !== undefined,
    );
  },
  toText: (config, answer, rows) =>
    Object.entries(answer)
      .map(([rowId, columnId]) => `${labelOf(rows, rowId)}:${labelOf(config.columns, columnId)}`)
      .join("、"),
  toValue: (config, answer, _rows, key) => {
    if (key === undefined) return Object.values(answer).map((columnId) => labelOf(config.columns, columnId));
    const columnId = answer[key];
    return columnId === undefined ? null : labelOf(config.columns, columnId);
  },
  stats: {
    empty: emptyMatrixStats,
    add: (_config, state, answer) => ({
      n: state.n + 1,
      cells: Object.entries(answer).reduce(
        (cells, [rowId, columnId]) => addNested(cells, rowId, [columnId]),
        state.cells,
      ),
    }),
    merge: mergeMatrixStats,
  },
});
