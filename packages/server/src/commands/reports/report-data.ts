import {
  type CrossAnalysisResult,
  definitionStatistics,
  type ExportFilter,
  filterNarrows,
  type ReportOverview,
  type ReportPinned,
  type ReportPinResult,
  type ReportQuestion,
  type ReportSection,
  type ResultsFilter,
  reportSections,
  responseSourceNames,
  reviewStateNames,
  richTextToPlain,
  type SurveyDefinition,
  textAnalysable,
  type WordFrequency,
} from "@wjgj/core";
import type { AnalysisResult } from "@wjgj/core/api/analysis";
import { analysisReading } from "@wjgj/core/api/analysis-reading";
import { pinTables } from "@wjgj/core/reports/report-content";
import { sql } from "kysely";
import { chinaDateTime } from "../../clock.ts";
import type { Db, DialectName } from "../../db/index.ts";
import { ConflictError } from "../../errors.ts";
import { planOrRefuse, type ResponseSet, responsesIn } from "../results/filter.ts";
import { areaName, filteredCountsSql, readAllCounters } from "../results/statistics.ts";
import { dictionaryOf } from "../results/text/dictionary.ts";
import { loadIdf, Segmenter } from "../results/text/segmenter.ts";
import { builtInStopWords } from "../results/text/stop-words.ts";
import { countFromRows, rank, stopWordsOf } from "../results/text/word-frequencies.ts";

export interface ReportData {
  title: string;
  /** What the report covers, in words: 全部有效答卷, or the filter's dates and sources. */
  scope: string;
  generatedAt: string;
  sections: ReadonlySet<ReportSection>;
  overview: ReportOverview;
  questions: ReportQuestion[];
  /** 固定到报告: the 交叉分析 and 统计分析 results pinned, as printed. */
  pinned: ReportPinned[];
}

/** The statistics filter of an export's filter (the report takes the results page's 筛选 as a job's filter). */
export function resultsFilterOf(filter: ExportFilter | null): ResultsFilter {
  return {
    ...(filter?.condition ? { condition: filter.condition } : {}),
    ...(filter?.codes ? { codes: filter.codes } : {}),
    ...(filter?.startDate ? { dateFrom: filter.startDate } : {}),
    ...(filter?.endDate ? { dateTo: filter.endDate } : {}),
    ...(filter?.sources?.length === 1 ? { source: filter.sources[0] as ResultsFilter["source"] } : {}),
    ...(filter?.review ? { review: filter.review } : {}),
  };
}

function sectionsOf(filter: ExportFilter | null): Set<ReportSection> {
  const asked = Array.isArray(filter?.sections) ? (filter.sections as unknown[]) : [];
  const known = asked.filter((s): s is ReportSection => reportSections.includes(s as ReportSection));
  return new Set(known.length > 0 ? known : reportSections);
}

export function scopeText(filter: ResultsFilter): string {
  if (!filterNarrows(filter)) return "全部有效答卷";
  const parts: string[] = [];
  if (filter.dateFrom || filter.dateTo)
    parts.push(`提交日期 ${filter.dateFrom ?? "不限"} 至 ${filter.dateTo ?? "不限"}`);
  if (filter.source) parts.push(`来源：${responseSourceNames[filter.source] ?? filter.source}`);
  if (filter.review) parts.push(`审核状态：${reviewStateNames[filter.review]}`);
  if (filter.condition) parts.push("按答题条件筛选");
  if (filter.codes) parts.push("按编码筛选");
  return `筛选后的有效答卷（${parts.join("；")}）`;
}

/**
 * Everything the report shows, read once: the overview of the filtered valid responses, each answerable
 * question's statistics (the results page's, from counters without a filter, from facts with one), and the
 * top words of each open question (segmented as 文本分析 segments, with the questionnaire's dictionary).
 * Refuses in Chinese what cannot make a report: a questionnaire without questions to count, a filter that
 * leaves no responses.
 */
export async function reportData(
  db: Db,
  dialect: DialectName,
  questionnaireId: number,
  definition: SurveyDefinition,
  exportFilter: ExportFilter | null,
  now: Date,
  onQuestion: (done: number, total: number) => Promise<void>,
): Promise<ReportData> {
  const filter = resultsFilterOf(exportFilter);
  const sections = sectionsOf(exportFilter);
  const predicate = planOrRefuse(definition, filter);
  const set: ResponseSet = { questionnaireId, definition, filter, status: "valid", dialect };
  const counts = filterNarrows(filter)
    ? await filteredCountsSql(db, set, filter)
    : await readAllCounters(db, questionnaireId);
  const statistics = definitionStatistics(definition, counts, { areaName });
  if (statistics.length === 0) throw new ConflictError("reportNoQuestions", definition.kind);
  const responses = counts.generalCount("total");
  if (responses === 0)
    throw new ConflictError(filterNarrows(filter) ? "reportNoFilteredResponses" : "reportNoResponses");

  const ids = responsesIn(db, set, predicate).select("responses.id");
  const [span, sources, invalid] = await Promise.all([
    db
      .selectFrom("responses")
      .select([
        (eb) => eb.fn.min("submittedAt").as("first"),
        (eb) => eb.fn.max("submittedAt").as("last"),
        (eb) => eb.fn.avg<number>("durationSeconds").as("duration"),
      ])
      .where("id", "in", ids)
      .executeTakeFirst(),
    db
      .selectFrom("responses")
      .select(["source", (eb) => eb.fn.countAll<number>().as("count")])
      .where("id", "in", ids)
      .groupBy("source")
      .orderBy(sql`count(*)`, "desc")
      .execute(),
    db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("questionnaireId", "=", questionnaireId)
      .where("status", "=", "invalid")
      .executeTakeFirst(),
  ]);
  const overview: ReportOverview = {
    responses,
    invalid: Number(invalid?.count ?? 0),
    first: chinaDateTime((span?.first as string | null) ?? null),
    last: chinaDateTime((span?.last as string | null) ?? null),
    averageSeconds:
      span?.duration === null || span?.duration === undefined ? null : Math.round(Number(span.duration)),
    sources: sources.map((row) => ({
      name: responseSourceNames[row.source] ?? row.source,
      count: Number(row.count),
      percentage: Math.round((1000 * Number(row.count)) / responses) / 10,
    })),
  };

  const byId = new Map(definition.pages.flatMap((page) => page.questions).map((q) => [q.id, q]));
  const wantWords =
    sections.has("words") &&
    statistics.some((s) => {
      const question = byId.get(s.questionId);
      return question !== undefined && textAnalysable(question);
    });
  const dictionary = wantWords ? await dictionaryOf(db, questionnaireId) : null;
  const [segmenter, idf, builtIn] = dictionary
    ? await Promise.all([Segmenter.create(dictionary.words), loadIdf(), builtInStopWords()])
    : [null, null, null];
  const questions: ReportQuestion[] = [];
  for (const stats of statistics) {
    const question = byId.get(stats.questionId);
    let words: WordFrequency[] | null = null;
    if (segmenter && idf && builtIn && dictionary && question && textAnalysable(question)) {
      const counted = await countFromRows(db, set, predicate, question.id, segmenter);
      words = rank(counted, stopWordsOf(builtIn, dictionary), idf, 60).words;
    }
    questions.push({ stats, words });
    await onQuestion(questions.length, statistics.length);
  }
  const pinned = sections.has("pinned") ? await pinnedForReport(db, questionnaireId) : [];
  return {
    pinned,
    title: richTextToPlain(definition.title) || "问卷",
    scope: scopeText(filter),
    generatedAt: chinaDateTime(now.toISOString()),
    sections,
    overview,
    questions,
  };
}

/** The pinned results as a report prints them. */
export async function pinnedForReport(db: Db, questionnaireId: number): Promise<ReportPinned[]> {
  const rows = await db
    .selectFrom("report_pins")
    .select(["kind", "title", "scope", "result", "createdAt"])
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id")
    .execute();
  return rows.map((row) => {
    const pin = (
      row.kind === "cross"
        ? { kind: "cross", result: JSON.parse(row.result) as CrossAnalysisResult }
        : { kind: "analysis", result: JSON.parse(row.result) as AnalysisResult }
    ) as ReportPinResult;
    return {
      title: row.title,
      scope: row.scope,
      pinnedAt: chinaDateTime(row.createdAt),
      reading: pin.kind === "analysis" ? analysisReading(pin.result.outcome) : [],
      tables: pinTables(pin),
    };
  });
}
