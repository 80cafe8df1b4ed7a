import { z } from "zod";
import { error } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { addNested } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";
import { likertScaleSchema, scaleLabel, scalePointValid } from "../rating/likert.ts";
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

const configSchema = z.object({ ...matrixShape, scale: likertScaleSchema });
export type MatrixScaleConfig = z.output<typeof configSchema>;

/** 矩阵量表: a Likert point per row. `$id.<rowId>` is the point; `$id` lists the points of answered rows. */
export const matrixScaleType = defineQuestionType({
  type: "matrixScale",
  name: questionTypeNames.matrixScale,
  group: "matrix",
  configSchema,
  answerSchema: z.record(z.string(), z.number()),
  answerable: true,
  valueType: "list",
  valueTypeOf: (config, key) => rowKeyType(config.rows, key, "number"),
  scoringModes: [],
  defaults: () => ({
    rows: defaultRows(),
    rowsRequired: true,
    scale: { points: 5, start: 1, minLabel: "非常不满意", maxLabel: "非常满意" },
  }),
  options: (config) => config.rows,
  selected: (answer) => Object.keys(answer),
  restrict: restrictRows,
  isEmpty: (answer) => Object.keys(answer).length === 0,
  validate: (config, answer, env) => {
    const bad = Object.entries(answer).filter(([, point]) => !scalePointValid(config.scale, point));
    if (bad.length > 0) return bad.map(([rowId]) => error("invalidAnswer", m.invalidAnswer(), [rowId]));
    return checkRows(
      Object.keys(answer),
      env.options,
      config.rowsRequired,
      (rowId) => answer[rowId] !== undefined,
    );
  },
  toText: (config, answer, rows) =>
    Object.entries(answer)
      .map(([rowId, point]) => `${labelOf(rows, rowId)}:${scaleLabel(config.scale, point)}`)
      .join("、"),
  toValue: (_config, answer, _rows, key) =>
    key === undefined ? Object.values(answer) : (answer[key] ?? null),
  stats: {
    empty: emptyMatrixStats,
    add: (_config, state, answer) => ({
      n: state.n + 1,
      cells: Object.entries(answer).reduce(
        (cells, [rowId, point]) => addNested(cells, rowId, [String(point)]),
        state.cells,
      ),
    }),
    merge: mergeMatrixStats,
  },
});
