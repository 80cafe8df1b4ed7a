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
import { isFiltered, PREFIX_END, planOrRefuse, type ResponseSet, responseSetWhere } from "./filter.ts";
import { resultsScope } from "./scope.ts";
import { hasNonValid } from "./statistics.ts";

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

async function crossTable(
  db: Db,
  row: Axis,
  column: Axis,
  set: ResponseSet,
  restrict: boolean,
  filter: ResultsFilter,
): Promise<CrossTable> {
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
      qb.where(
        "a.responseId",
        "in",
        db
          .selectFrom("responses")
          .select("responses.id")
          .where((eb) => responseSetWhere(eb, set, predicate)),
      ),
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
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const counted = (r: string, c: string) => cell.get(`${r}|${c}`) ?? 0;

  let rowTotals: Map<string, number>;
  let columnTotals: Map<string, number>;
  let total: number;
  if (row.single && column.single) {
    rowTotals = new Map(
      row.categories.map((r) => [r.id, sum(column.categories.map((c) => counted(r.id, c.id)))]),
    );
    columnTotals = new Map(
      column.categories.map((c) => [c.id, sum(row.categories.map((r) => counted(r.id, c.id)))]),
    );
    total = sum([...rowTotals.values()]);
  } else {
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
    rowTotals = new Map(byRow.map((r) => [r.key.slice(row.prefix.length), Number(r.count)]));
    columnTotals = new Map(byColumn.map((c) => [c.key.slice(column.prefix.length), Number(c.count)]));
    total = Number(all?.count ?? 0);
  }
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
): Promise<CrossAnalysisResult> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  const column = axisOf(definition, input.columnQuestionId, "columnQuestionId");
  const rows = input.rowQuestionIds.map((id, index) => axisOf(definition, id, `rowQuestionIds.${index}`));
  const set: ResponseSet = {
    questionnaireId: input.id,
    definition,
    filter: input.filter,
    status: "valid",
    dialect: ctx.dialect,
  };
  planOrRefuse(definition, input.filter);
  // Facts of invalid and deleted responses stay stored; skip the join to valid ones when there are none.
  const restrict = isFiltered(input.filter) || (await hasNonValid(ctx.db, input.id));
  const tables = [];
  for (const row of rows) tables.push(await crossTable(ctx.db, row, column, set, restrict, input.filter));
  return {
    column: {
      questionId: column.question.id,
      title: richTextToPlain(column.question.title).trim(),
      options: column.categories.map((c) => ({ optionId: c.id, label: c.label })),
    },
    tables,
  };
}
