import { z } from "zod";
import { idSchema } from "../../definition/ids.ts";
import { optionSchema } from "../../definition/option.ts";
import { error, type Issue } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { defaultOptions } from "../helpers/choice.ts";
import { addNested } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import {
  checkRows,
  defaultRows,
  emptyMatrixStats,
  labelOf,
  matrixShape,
  mergeMatrixStats,
  restrictRows,
  rowKeyType,
} from "./matrix-base.ts";

const columnSchema = z.object({
  id: idSchema,
  label: z.string().max(200),
  choices: z.array(optionSchema).min(1).max(200),
});

const configSchema = z.object({ ...matrixShape, columns: z.array(columnSchema).min(1).max(20) });
export type MatrixDropdownConfig = z.output<typeof configSchema>;
type Answer = Record<string, Record<string, string>>;

function validateDropdowns(config: MatrixDropdownConfig, answer: Answer): Issue[] {
  const columns = new Map(
    config.columns.map((column) => [column.id, new Set(column.choices.map((c) => c.id))]),
  );
  const issues: Issue[] = [];
  for (const [rowId, cells] of Object.entries(answer)) {
    for (const [columnId, choiceId] of Object.entries(cells)) {
      if (!columns.get(columnId)?.has(choiceId))
        issues.push(error("hiddenOption", m.hiddenOption(), [rowId, columnId]));
    }
  }
  return issues;
}

function choiceLabelOf(config: MatrixDropdownConfig, columnId: string, choiceId: string): string {
  return labelOf(config.columns.find((column) => column.id === columnId)?.choices ?? [], choiceId);
}

/** 矩阵下拉: a dropdown per row and column, each column with its own choices. */
export const matrixDropdownType = defineQuestionType({
  type: "matrixDropdown",
  name: questionTypeNames.matrixDropdown,
  group: "matrix",
  configSchema,
  answerSchema: z.record(z.string(), z.record(z.string(), z.string().min(1).max(64))),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => rowKeyType(config.rows, key, "list"),
  scoringModes: [],
  defaults: () => ({
    rows: defaultRows(),
    rowsRequired: true,
    columns: [{ id: "c1", label: "列1", choices: defaultOptions(3) }],
  }),
  options: (config) => config.rows,
  selected: (answer) => Object.keys(answer),
  restrict: restrictRows,
  isEmpty: (answer) => Object.values(answer).every((cells) => Object.keys(cells).length === 0),
  validate: (config, answer, env) => {
    const issues = validateDropdowns(config, answer);
    if (issues.length > 0) return issues;
    const complete = (rowId: string) =>
      config.columns.every((column) => answer[rowId]?.[column.id] !== undefined);
    return checkRows(Object.keys(answer), env.options, config.rowsRequired, complete);
  },
  toText: (config, answer, rows) =>
    Object.entries(answer)
      .map(([rowId, cells]) => {
        const picked = Object.entries(cells).map(([columnId, choiceId]) =>
          choiceLabelOf(config, columnId, choiceId),
        );
        return `${labelOf(rows, rowId)}:${picked.join("/")}`;
      })
      .join("、"),
  toValue: (config, answer, _rows, key) =>
    key === undefined
      ? Object.keys(answer)
      : Object.entries(answer[key] ?? {}).map(([columnId, choiceId]) =>
          choiceLabelOf(config, columnId, choiceId),
        ),
  stats: {
    empty: emptyMatrixStats,
    add: (_config, state, answer) => ({
      n: state.n + 1,
      cells: Object.entries(answer).reduce(
        (cells, [rowId, row]) =>
          Object.entries(row).reduce(
            (acc, [columnId, choiceId]) => addNested(acc, `${rowId}.${columnId}`, [choiceId]),
            cells,
          ),
        state.cells,
      ),
    }),
    merge: mergeMatrixStats,
  },
});
