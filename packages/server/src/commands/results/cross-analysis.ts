import {
  type CrossAnalysisResult,
  type CrossTable,
  filterNarrows,
  messages,
  percent,
  type Question,
  type ResultsFilter,
  richTextToPlain,
  type SurveyDefinition,
  scaleCategories,
  textAnalysable,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { ownerEntitlements } from "../money/entitlements.ts";
import { EntitlementError } from "../money/membership.ts";
import { Bitset } from "./bitset.ts";
import { resultsIndex } from "./fact-bitset-cache.ts";
import { prefixSet, responseSet } from "./fact-bitset-query.ts";
import type { FactBitsets } from "./fact-bitsets.ts";
import { filteredSet, PREFIX_END, planOrRefuse, type ResponseSet, responsesIn } from "./filter.ts";
import { findQuestion, resultsScope } from "./scope.ts";
import { areaName, hasNonValid, provinceCodes, type ResultsEngine } from "./statistics.ts";
import { codeBitsets, type StoredCode, storedCodes } from "./text/codes.ts";

const singleChoice = new Set(["single", "dropdown", "imageSingle", "trueFalse", "voteSingle", "appointment"]);
const multipleChoice = new Set(["multiple", "imageMultiple", "voteMultiple"]);
const scales = new Set(["star", "likert", "nps"]);

interface Axis {
  /** The question id, or `<question>.<row>` for one row of a matrix. */
  id: string;
  title: string;
  question: Question;
  /** Fact key prefix of its categories: `option:<q>:` or `num:<q>:`. */
  prefix: string;
  categories: { id: string; label: string }[];
  /** At most one category per response: totals follow from the cells. */
  single: boolean;
  /** Many categories, few used (provinces): only those some response chose are shown. */
  sparse?: boolean;
  /** 编码 of an open question (`codes:<question>`): the categories are its codes, found in the texts. */
  codes?: StoredCode[];
}

function scalePoints(question: Question): { id: string; label: string }[] | null {
  const scale = scaleCategories(question);
  return scale ? scale.values.map((v) => ({ id: String(v), label: scale.label(v) })) : null;
}

/** One row of a 矩阵单选/多选/量表 (`<question>.<row>`): its columns (or points) are the categories. */
function matrixRowAxis(question: Question, rowId: string, id: string, field: string): Axis {
  const q = question.id;
  if (
    question.type !== "matrixSingle" &&
    question.type !== "matrixMultiple" &&
    question.type !== "matrixScale"
  )
    throw InvalidInputError.field(field, "crossQuestionUnsupported");
  const row = question.config.rows.find((r) => r.id === rowId);
  if (!row) throw InvalidInputError.field(field, "resultQuestionInvalid");
  const title = `${richTextToPlain(question.title).trim()} · ${richTextToPlain(row.label).trim()}`;
  if (question.type === "matrixScale")
    return {
      id,
      title,
      question,
      prefix: `num:${q}:${rowId}:`,
      categories: scalePoints(question) ?? [],
      single: true,
    };
  return {
    id,
    title,
    question,
    prefix: `cell:${q}:${rowId}:`,
    categories: question.config.columns.map((c) => ({ id: c.id, label: c.label })),
    single: question.type === "matrixSingle",
  };
}

/** `codes:<question>`: an open question's 编码 as categories (a response may have several, or none). */
async function codeAxis(
  db: Db,
  questionnaireId: number,
  definition: SurveyDefinition,
  id: string,
  field: string,
): Promise<Axis> {
  const question = findQuestion(definition, id.slice(CODES_AXIS.length), field);
  if (!textAnalysable(question)) throw InvalidInputError.field(field, "crossQuestionUnsupported");
  const codes = await storedCodes(db, questionnaireId, question.id);
  if (codes.length === 0) throw InvalidInputError.field(field, "crossCodesNone");
  return {
    id,
    title: `${richTextToPlain(question.title).trim()}（编码）`,
    question,
    prefix: "",
    categories: codes.map((code) => ({ id: String(code.id), label: code.name })),
    single: false,
    codes,
  };
}

const CODES_AXIS = "codes:";

async function anyAxis(
  db: Db,
  questionnaireId: number,
  definition: SurveyDefinition,
  id: string,
  field: string,
): Promise<Axis> {
  return id.startsWith(CODES_AXIS)
    ? codeAxis(db, questionnaireId, definition, id, field)
    : axisOf(definition, id, field);
}

function axisOf(definition: SurveyDefinition, id: string, field: string): Axis {
  const [questionId = "", rowId] = id.split(".");
  const question = definition.pages.flatMap((page) => page.questions).find((q) => q.id === questionId);
  if (!question) throw InvalidInputError.field(field, "resultQuestionInvalid");
  if (rowId !== undefined) return matrixRowAxis(question, rowId, id, field);
  const q = question.id;
  const title = richTextToPlain(question.title).trim();
  const points = scales.has(question.type) ? scalePoints(question) : null;
  if (points) return { id, title, question, prefix: `num:${q}:`, categories: points, single: true };
  if (singleChoice.has(question.type) || multipleChoice.has(question.type)) {
    const options = (question.config as { options: { id: string; label: string }[] }).options;
    return {
      id,
      title,
      question,
      prefix: `option:${q}:`,
      categories: options.map((o) => ({ id: o.id, label: o.label })),
      single: singleChoice.has(question.type),
    };
  }
  if (question.type === "region")
    return {
      id,
      title,
      question,
      prefix: `area:${q}:`,
      categories: provinceCodes.map((code) => ({ id: code, label: areaName(code) })),
      single: true,
      sparse: true,
    };
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
    .selectFrom("response_facts_all as a")
    .innerJoin("response_facts_all as b", (join) =>
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

/** One category of an axis over the index: its responses, counted within a set. */
interface AxisEntry {
  id: string;
  bitset(size: number): Bitset;
  countIn(set: Bitset): number;
}

/** An axis's categories as sets over the index: fact postings, or the 编码's sets worked out from the texts. */
async function axisEntries(
  db: Db,
  questionnaireId: number,
  axis: Axis,
  index: FactBitsets,
): Promise<AxisEntry[]> {
  if (axis.codes) {
    const sets = await codeBitsets(db, questionnaireId, axis.question.id, axis.codes, index);
    return axis.categories.map((category, k) => {
      const set = sets[k] as Bitset;
      return { id: category.id, bitset: () => set, countIn: (other: Bitset) => set.countAnd(other) };
    });
  }
  return [...index.keys]
    .filter(([key, posting]) => posting.questionId === axis.question.id && key.startsWith(axis.prefix))
    .map(([key, posting]) => ({
      id: key.slice(axis.prefix.length),
      bitset: (size: number) => posting.bitset(size),
      countIn: (set: Bitset) => posting.countIn(set),
    }));
}

/** The responses in any category of the axis, within `members`. */
function anyOf(axis: Axis, entries: AxisEntry[], index: FactBitsets, members: Bitset): Bitset {
  if (!axis.codes) return prefixSet(index, axis.question.id, axis.prefix, members);
  const any = new Bitset(index.size);
  for (const entry of entries) any.orInPlace(entry.bitset(index.size));
  return any.and(members);
}

/** From the fact bitsets: each cell is |row key ∧ column key ∧ filtered set|. */
async function bitsetCrossCounts(
  ctx: AppContext,
  row: Axis,
  column: Axis,
  set: ResponseSet,
  filter: ResultsFilter,
  entries: (axis: Axis, index: FactBitsets) => Promise<AxisEntry[]>,
): Promise<CrossCounts> {
  const { db } = ctx;
  const index = await resultsIndex(ctx).ready(db, set.dialect, set.questionnaireId);
  const members = await responseSet(
    { db, dialect: set.dialect, questionnaireId: set.questionnaireId, index },
    filter,
    planOrRefuse(set.definition, filter),
  );
  const rowKeys = await entries(row, index);
  const columnKeys = await entries(column, index);
  const cell = new Map<string, number>();
  for (const rowEntry of rowKeys) {
    const inRow = rowEntry.bitset(index.size).and(members);
    for (const columnEntry of columnKeys) {
      const count = columnEntry.countIn(inRow);
      if (count > 0) cell.set(`${rowEntry.id}|${columnEntry.id}`, count);
    }
  }
  if (row.single && column.single) return singleTotals(row, column, cell);
  const anyRow = anyOf(row, rowKeys, index, members);
  const anyColumn = anyOf(column, columnKeys, index, members);
  return {
    cell,
    rowTotals: new Map(rowKeys.map((entry) => [entry.id, entry.countIn(anyColumn)])),
    columnTotals: new Map(columnKeys.map((entry) => [entry.id, entry.countIn(anyRow)])),
    total: anyRow.countAnd(anyColumn),
  };
}

function crossTable(row: Axis, columnCategories: Axis["categories"], counts: CrossCounts): CrossTable {
  const { cell, rowTotals, columnTotals, total } = counts;
  const counted = (r: string, c: string) => cell.get(`${r}|${c}`) ?? 0;
  const rowCategories = row.sparse
    ? row.categories.filter((r) => (rowTotals.get(r.id) ?? 0) > 0)
    : row.categories;
  return {
    questionId: row.id,
    title: row.title,
    rows: rowCategories.map((r) => {
      const rowTotal = rowTotals.get(r.id) ?? 0;
      return {
        optionId: r.id,
        label: r.label,
        total: rowTotal,
        cells: columnCategories.map((c) => {
          const count = counted(r.id, c.id);
          return {
            count,
            rowPercent: percent(count, rowTotal),
            columnPercent: percent(count, columnTotals.get(c.id) ?? 0),
          };
        }),
      };
    }),
    columnTotals: columnCategories.map((c) => columnTotals.get(c.id) ?? 0),
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
  const { definition, row: questionnaire } = await resultsScope(ctx.db, viewer, input.id, "view");
  // 交叉分析 is sold per level (core's entitlement table): the owner's level decides, also for team members.
  const { crossAnalysis } = await ownerEntitlements(ctx.db, questionnaire.ownerId, ctx.clock.now());
  if (!crossAnalysis) throw new EntitlementError(messages.entitlementCrossAnalysis);
  const column = await anyAxis(ctx.db, input.id, definition, input.columnQuestionId, "columnQuestionId");
  const rows: Axis[] = [];
  for (const [index, id] of input.rowQuestionIds.entries())
    rows.push(await anyAxis(ctx.db, input.id, definition, id, `rowQuestionIds.${index}`));
  const { set } = filteredSet(ctx.dialect, definition, input);
  const counts: CrossCounts[] = [];
  // 编码 are worked out from the texts, not stored as facts: only the bitsets count them.
  if (engine === "sql" && !rows.some((row) => row.codes) && !column.codes) {
    // Facts of invalid and deleted responses stay stored; skip the join to valid ones when there are none.
    const restrict = filterNarrows(input.filter) || (await hasNonValid(ctx.db, input.id));
    for (const row of rows)
      counts.push(await sqlCrossCounts(ctx.db, row, column, set, restrict, input.filter));
  } else {
    // One column against up to five rows: a 编码 column's sets are worked out from the texts once per request.
    const found = new Map<Axis, { index: FactBitsets; size: number; entries: Promise<AxisEntry[]> }>();
    const entries = (axis: Axis, index: FactBitsets) => {
      const kept = found.get(axis);
      // Kept only while the index is the one (and of the size) they were worked out on.
      if (kept?.index === index && kept.size === index.size) return kept.entries;
      const fresh = axisEntries(ctx.db, input.id, axis, index);
      found.set(axis, { index, size: index.size, entries: fresh });
      return fresh;
    };
    for (const row of rows)
      counts.push(await bitsetCrossCounts(ctx, row, column, set, input.filter, entries));
  }
  // Sparse columns (provinces) keep those chosen in any table, so every table shares the same columns.
  const columnCategories = column.sparse
    ? column.categories.filter((c) => counts.some((count) => (count.columnTotals.get(c.id) ?? 0) > 0))
    : column.categories;
  return {
    column: {
      questionId: column.id,
      title: column.title,
      options: columnCategories.map((c) => ({ optionId: c.id, label: c.label })),
    },
    tables: rows.map((row, index) => crossTable(row, columnCategories, counts[index] as CrossCounts)),
  };
}
