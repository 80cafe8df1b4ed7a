import {
  type CrossAnalysisResult,
  type CrossTable,
  percent,
  type Question,
  type ResultsFilter,
  richTextToPlain,
  type SurveyDefinition,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { factBitsetCache } from "./fact-bitset-cache.ts";
import { prefixSet, responseSet } from "./fact-bitset-query.ts";
import {
  filteredSet,
  isFiltered,
  PREFIX_END,
  planOrRefuse,
  type ResponseSet,
  responsesIn,
} from "./filter.ts";
import { resultsScope } from "./scope.ts";
import { hasNonValid, type ResultsEngine } from "./statistics.ts";

const singleChoice = new Set(["single", "dropdown", "imageSingle", "trueFalse", "voteSingle", "appointment"]);
const multipleChoice = new Set(["multiple", "imageMultiple", "voteMultiple"]);
const scales = new Set(["star", "likert", "nps"]);

interface Axis {
  question: Question;
  /** Fact key prefix of its categories: `option:<q>:` or `num:<q>:`. */
  prefix: string;
  categories: { id: string; label: string }[];
  /** At most one category per response: totals follow from the cells. */
  single: boolean;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function axisOf(definition: SurveyDefinition, questionId: string, field: string): Axis {
  const question = definition.pages.flatMap((page) => page.questions).find((q) => q.id === questionId);
  if (!question) throw InvalidInputError.field(field, "resultQuestionInvalid");
  const q = question.id;
  if (
    scales.has(question.type) &&
    (question.type === "star" || question.type === "nps" || question.type === "likert")
  ) {
    const points =
      question.type === "star"
        ? range(1, question.config.max)
        : question.type === "nps"
          ? range(0, 10)
          : range(question.config.start, question.config.start + question.config.points - 1);
    const label = (v: number) =>
      question.type === "star"
        ? (question.config.labels?.[v - 1] ?? `${v}星`)
        : question.type === "likert"
          ? (question.config.labels?.[v - question.config.start] ?? String(v))
          : String(v);
    return {
      question,
      prefix: `num:${q}:`,
      categories: points.map((v) => ({ id: String(v), label: label(v) })),
      single: true,
    };
  }
  if (singleChoice.has(question.type) || multipleChoice.has(question.type)) {
    const options = (question.config as { options: { id: string; label: string }[] }).options;
    return {
      question,
      prefix: `option:${q}:`,
      categories: options.map((o) => ({ id: o.id, label: o.label })),
      single: singleChoice.has(question.type),
    };
  }
  throw InvalidInputError.field(field, "crossQuestionUnsupported");
}

/** Cell counts keyed `<row category>|<column category>`, and responses per row, per column and in all. */
interface CrossCounts {
  cell: Map<string, number>;
  rowTotals: Map<string, number>;
  columnTotals: Map<string, number>;
  total: number;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Totals of two single-answer axes follow from the cells: each response sits in one cell at most. */
function singleTotals(row: Axis, column: Axis, cell: Map<string, number>): CrossCounts {
  const counted = (r: string, c: string) => cell.get(`${r}|${c}`) ?? 0;
  const rowTotals = new Map(
    row.categories.map((r) => [r.id, sum(column.categories.map((c) => counted(r.id, c.id)))]),
  );
  const columnTotals = new Map(
    column.categories.map((c) => [c.id, sum(row.categories.map((r) => counted(r.id, c.id)))]),
  );
  return { cell, rowTotals, columnTotals, total: sum([...rowTotals.values()]) };
}

/** By SQL, the reference: a self-join of the two questions' facts, grouped. */
async function sqlCrossCounts(
  db: Db,
  row: Axis,
  column: Axis,
  set: ResponseSet,
  restrict: boolean,
  filter: ResultsFilter,
): Promise<CrossCounts> {
  const predicate = planOrRefuse(set.definition, filter);
  const base = db
    .selectFrom("response_facts as a")
    .innerJoin("response_facts as b", (join) =>
      join.onRef("b.questionnaireId", "=", "a.questionnaireId").onRef("b.responseId", "=", "a.responseId"),
    )
    .where("a.questionnaireId", "=", set.questionnaireId)
    .where("a.questionId", "=", row.question.id)
    .where("a.key", ">=", row.prefix)
    .where("a.key", "<", `${row.prefix}${PREFIX_END}`)
    .where("b.questionId", "=", column.question.id)
    .where("b.key", ">=", column.prefix)
    .where("b.key", "<", `${column.prefix}${PREFIX_END}`)
    .$if(restrict, (qb) =>
      qb.where("a.responseId", "in", responsesIn(db, set, predicate).select("responses.id")),
    );
  const cells = await base
    .select(["a.key as rowKey", "b.key as columnKey", (eb) => eb.fn.countAll<number>().as("count")])
    .groupBy(["a.key", "b.key"])
    .execute();
  const cell = new Map(
    cells.map((c) => [
      `${c.rowKey.slice(row.prefix.length)}|${c.columnKey.slice(column.prefix.length)}`,
      Number(c.count),
    ]),
  );
  if (row.single && column.single) return singleTotals(row, column, cell);
  // A response may sit in several cells: totals count responses, not cells.
  const [byRow, byColumn, all] = await Promise.all([
    base
      .select(["a.key as key", (eb) => eb.fn.count<number>("a.responseId").distinct().as("count")])
      .groupBy("a.key")
      .execute(),
    base
      .select(["b.key as key", (eb) => eb.fn.count<number>("b.responseId").distinct().as("count")])
      .groupBy("b.key")
      .execute(),
    base.select((eb) => eb.fn.count<number>("a.responseId").distinct().as("count")).executeTakeFirst(),
  ]);
  return {
    cell,
    rowTotals: new Map(byRow.map((r) => [r.key.slice(row.prefix.length), Number(r.count)])),
    columnTotals: new Map(byColumn.map((c) => [c.key.slice(column.prefix.length), Number(c.count)])),
    total: Number(all?.count ?? 0),
  };
}

/** From the fact bitsets: each cell is |row key ∧ column key ∧ filtered set|. */
async function bitsetCrossCounts(
  db: Db,
  row: Axis,
  column: Axis,
  set: ResponseSet,
  filter: ResultsFilter,
): Promise<CrossCounts> {
  const index = await factBitsetCache(db).get(db, set.dialect, set.questionnaireId);
  const members = await responseSet(
    { db, dialect: set.dialect, questionnaireId: set.questionnaireId, index },
    filter,
    planOrRefuse(set.definition, filter),
  );
  const axisKeys = (axis: Axis) =>
    [...index.keys].filter(
      ([key, posting]) => posting.questionId === axis.question.id && key.startsWith(axis.prefix),
    );
  const rowKeys = axisKeys(row);
  const columnKeys = axisKeys(column);
  const cell = new Map<string, number>();
  for (const [rowKey, rowPosting] of rowKeys) {
    const inRow = rowPosting.bitset(index.size).and(members);
    for (const [columnKey, columnPosting] of columnKeys) {
      const count = columnPosting.countIn(inRow);
      if (count > 0)
        cell.set(`${rowKey.slice(row.prefix.length)}|${columnKey.slice(column.prefix.length)}`, count);
    }
  }
  if (row.single && column.single) return singleTotals(row, column, cell);
  const anyRow = prefixSet(index, row.question.id, row.prefix, members);
  const anyColumn = prefixSet(index, column.question.id, column.prefix, members);
  return {
    cell,
    rowTotals: new Map(
      rowKeys.map(([key, posting]) => [key.slice(row.prefix.length), posting.countIn(anyColumn)]),
    ),
    columnTotals: new Map(
      columnKeys.map(([key, posting]) => [key.slice(column.prefix.length), posting.countIn(anyRow)]),
    ),
    total: anyRow.countAnd(anyColumn),
  };
}

function crossTable(row: Axis, column: Axis, counts: CrossCounts): CrossTable {
  const { cell, rowTotals, columnTotals, total } = counts;
  const counted = (r: string, c: string) => cell.get(`${r}|${c}`) ?? 0;
  return {
    questionId: row.question.id,
    title: richTextToPlain(row.question.title).trim(),
    rows: row.categories.map((r) => {
      const rowTotal = rowTotals.get(r.id) ?? 0;
      return {
        optionId: r.id,
        label: r.label,
        total: rowTotal,
        cells: column.categories.map((c) => {
          const count = counted(r.id, c.id);
          return {
            count,
            rowPercent: percent(count, rowTotal),
            columnPercent: percent(count, columnTotals.get(c.id) ?? 0),
          };
        }),
      };
    }),
    columnTotals: column.categories.map((c) => columnTotals.get(c.id) ?? 0),
    total,
  };
}

/** `statistics/getCrossAnalysis`: row questions × one column question over valid (filtered) responses. */
export async function getCrossAnalysis(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; rowQuestionIds: string[]; columnQuestionId: string; filter: ResultsFilter },
  engine: ResultsEngine = "bitsets",
): Promise<CrossAnalysisResult> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  const column = axisOf(definition, input.columnQuestionId, "columnQuestionId");
  const rows = input.rowQuestionIds.map((id, index) => axisOf(definition, id, `rowQuestionIds.${index}`));
  const { set } = filteredSet(ctx.dialect, definition, input);
  const tables = [];
  if (engine === "sql") {
    // Facts of invalid and deleted responses stay stored; skip the join to valid ones when there are none.
    const restrict = isFiltered(input.filter) || (await hasNonValid(ctx.db, input.id));
    for (const row of rows)
      tables.push(
        crossTable(row, column, await sqlCrossCounts(ctx.db, row, column, set, restrict, input.filter)),
      );
  } else {
    for (const row of rows)
      tables.push(crossTable(row, column, await bitsetCrossCounts(ctx.db, row, column, set, input.filter)));
  }
  return {
    column: {
      questionId: column.question.id,
      title: richTextToPlain(column.question.title).trim(),
      options: column.categories.map((c) => ({ optionId: c.id, label: c.label })),
    },
    tables,
  };
}
