import { areaList } from "@vant/area-data";
import {
  answeredFromKeyCounts,
  CountTable,
  definitionStatistics,
  filterNarrows,
  percent,
  type QuestionStatisticsResult,
  type ResultsFilter,
  type ResultsOverview,
  responseSourceNames,
  type SurveyDefinition,
  type VoteResults,
} from "@wjgj/core";
import { sql } from "kysely";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, toCount } from "../../db/index.ts";
import type { Viewer } from "../../http/viewer.ts";
import { resultsIndex } from "./fact-bitset-cache.ts";
import { keyCounts, responseSet } from "./fact-bitset-query.ts";
import { planOrRefuse, type ResponseSet, responsesIn } from "./filter.ts";
import { chinaDate } from "./record.ts";
import { resultsScope } from "./scope.ts";

const provinceNames: Record<string, string> = areaList.province_list;

export const areaName = (code: string) => provinceNames[code] ?? code;
/** Every province code of the area list, in its order (cross-analysis categories). */
export const provinceCodes = Object.keys(provinceNames);

/** Every counter of a questionnaire: one range read of the counters' primary key. */
export async function readAllCounters(db: Db, questionnaireId: number): Promise<CountTable> {
  const rows = await db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  return new CountTable(rows.map((row) => [row.key, Number(row.count)] as const));
}

/** Where filtered statistics and cross-analysis are computed: the bitset index, or SQL (the reference). */
export type ResultsEngine = "bitsets" | "sql";

/** Counter-shaped counts from fact key counts: `answered:<q>` derived from them (core) and `total`. */
function countTableOf(definition: SurveyDefinition, keys: ReadonlyMap<string, number>, total: number) {
  const byKey = new Map(keys);
  byKey.delete("total");
  for (const key of [...byKey.keys()]) if (key.startsWith("answered:")) byKey.delete(key);
  return new CountTable([["total", total], ...byKey, ...answeredFromKeyCounts(definition, keys)]);
}

/**
 * The same keys as the counters over a filtered set of valid responses, by SQL: matching response ids,
 * then one GROUP BY over their facts. The reference the bitset index is tested against.
 */
export async function filteredCountsSql(
  db: Db,
  set: ResponseSet,
  filter: ResultsFilter,
): Promise<CountTable> {
  const predicate = planOrRefuse(set.definition, filter);
  const ids = responsesIn(db, set, predicate).select("responses.id");
  const [keys, total] = await Promise.all([
    db
      .selectFrom("response_facts_all")
      .select(["key", (eb) => eb.fn.countAll<number>().as("count")])
      .where("questionnaireId", "=", set.questionnaireId)
      .where("responseId", "in", ids)
      .groupBy("key")
      .execute(),
    responsesIn(db, set, predicate)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return countTableOf(set.definition, new Map(keys.map((row) => [row.key, Number(row.count)])), total);
}

/** The same counts from the questionnaire's fact bitsets: a popcount of each key within the filtered set. */
export async function filteredCountsBitsets(
  ctx: AppContext,
  set: ResponseSet,
  filter: ResultsFilter,
): Promise<CountTable> {
  const { db } = ctx;
  const predicate = planOrRefuse(set.definition, filter);
  const index = await resultsIndex(ctx).ready(db, set.dialect, set.questionnaireId);
  const members = await responseSet(
    { db, dialect: set.dialect, questionnaireId: set.questionnaireId, index },
    filter,
    predicate,
  );
  return countTableOf(set.definition, keyCounts(index, members), members.count());
}

/** `statistics/getQuestionStatistics`: from counters without a filter, from facts with one. */
export async function getQuestionStatistics(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  filter: ResultsFilter,
  engine: ResultsEngine = "bitsets",
): Promise<QuestionStatisticsResult> {
  const { definition } = await resultsScope(ctx.db, viewer, questionnaireId, "view");
  const filtered = filterNarrows(filter);
  const set: ResponseSet = { questionnaireId, definition, filter, status: "valid", dialect: ctx.dialect };
  const counts = !filtered
    ? await readAllCounters(ctx.db, questionnaireId)
    : engine === "sql"
      ? await filteredCountsSql(ctx.db, set, filter)
      : await filteredCountsBitsets(ctx, set, filter);
  return {
    total: counts.generalCount("total"),
    filtered,
    questions: definitionStatistics(definition, counts, { areaName }),
  };
}

/** `statistics/getOverview`: totals, today, the per-day trend, mean duration and sources, from counters. */
export async function getOverview(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  days: number,
): Promise<ResultsOverview> {
  const { row } = await resultsScope(ctx.db, viewer, questionnaireId, "view");
  const [counts, statuses, last] = await Promise.all([
    readAllCounters(ctx.db, questionnaireId),
    ctx.db
      .selectFrom("responses")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("questionnaireId", "=", questionnaireId)
      .where("status", "<>", "valid")
      // Deleted for good by 答卷保留期限: not in the recycle bin.
      .where((eb) => eb.or([eb("erasedAs", "is", null), eb("erasedAs", "<>", "deleted")]))
      .groupBy("status")
      .execute(),
    ctx.db
      .selectFrom("responses")
      .select("submittedAt")
      .where("questionnaireId", "=", questionnaireId)
      .where("status", "=", "valid")
      .orderBy("submittedAt", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  const total = counts.generalCount("total");
  const today = chinaDate(ctx.clock.now());
  const trend = Array.from({ length: days }, (_, index) => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1 - index) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    return { date, count: counts.generalCount(`day:${date}`) };
  });
  const sources = counts
    .generalEntries("source:")
    .map(([key, count]) => {
      const source = key.slice("source:".length);
      return {
        source,
        name: responseSourceNames[source] ?? source,
        count,
        percentage: percent(count, total),
      };
    })
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));
  const statusCount = (status: string) => Number(statuses.find((s) => s.status === status)?.count ?? 0);
  return {
    questionnaireId,
    title: row.title,
    kind: row.kind,
    total,
    today: counts.generalCount(`day:${today}`),
    invalidCount: statusCount("invalid"),
    deletedCount: statusCount("deleted"),
    trend,
    averageDurationSeconds: total === 0 ? null : Math.round(counts.generalCount("duration") / total),
    sources,
    lastSubmittedAt: chinaDateTime(last?.submittedAt ?? null),
  };
}

/** `statistics/getVoteResults`: vote questions (every choice question when there are none) from counters. */
export async function getVoteResults(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<VoteResults> {
  const { definition } = await resultsScope(ctx.db, viewer, questionnaireId, "view");
  const counts = await readAllCounters(ctx.db, questionnaireId);
  const choices = definitionStatistics(definition, counts).filter((s) => s.family === "choice");
  const votes = choices.filter((s) => s.type === "voteSingle" || s.type === "voteMultiple");
  return {
    total: counts.generalCount("total"),
    questions: (votes.length > 0 ? votes : choices).map((s) => ({
      questionId: s.questionId,
      title: s.title,
      answered: s.answered,
      options:
        s.family === "choice"
          ? s.options.map(({ optionId, label, count, percentage }) => ({
              optionId,
              label,
              count,
              percentage,
            }))
          : [],
    })),
    readAt: chinaDateTime(iso(ctx.clock.now())),
  };
}

/** Whether any response of the questionnaire is not valid (then fact reads must join valid ones). */
export async function hasNonValid(db: Db, questionnaireId: number): Promise<boolean> {
  const found = await db
    .selectFrom("responses")
    .select(sql<number>`1`.as("one"))
    .where("questionnaireId", "=", questionnaireId)
    .where("status", "<>", "valid")
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}
