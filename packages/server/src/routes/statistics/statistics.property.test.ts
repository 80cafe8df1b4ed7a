import {
  type Condition,
  type CrossAnalysisResult,
  counterKeysOf,
  type QuestionStatisticsResult,
  type ResultsPage,
  responseFacts,
  type SurveyDefinition,
} from "@wjgj/core";
import { bruteForceMetrics, statisticsMetrics } from "@wjgj/core/results/testing/brute-force";
import { conditionArb, everyTypeDefinition, responseArb } from "@wjgj/core/results/testing/every-type";
import { conditionHolds } from "@wjgj/core/results/testing/probe";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import {
  publishedQuestionnaire,
  type StoredResponse,
  storedResponses,
  submitAnswers,
} from "../../../test/results-fixtures.ts";
import { RESULTS_VERSION_KEY } from "../../commands/results/fact-bitset-cache.ts";
import { chinaDate } from "../../commands/results/record.ts";
import { responseCountColumn } from "../../db/tables/questionnaires.ts";

/**
 * Acceptance 1: random responses to a questionnaire of every type go through the real submit path, then
 * random delete / restore / invalid / valid sequences; every counter equals a recount from scratch and
 * every statistic — unfiltered, filtered, cross-analysis, the response list — equals a brute-force
 * computation over the stored answers. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
let t: TestContext;
let owner: BuiltUser;
const definition: SurveyDefinition = everyTypeDefinition();

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

const opArb = fc.record({
  call: fc.constantFrom("deleteAnswer", "restoreAnswer", "markInvalid", "markValid"),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
});

type Stored = StoredResponse;

/** Counters recounted from scratch over the valid responses' stored answers. */
function recount(responses: readonly Stored[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of responses.filter((r) => r.status === "valid")) {
    const keys = counterKeysOf(responseFacts(definition, r.answers), {
      day: chinaDate(new Date(r.submittedAt)),
      source: r.source,
    });
    for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
    if (r.durationSeconds !== 0) counts.duration = (counts.duration ?? 0) + r.durationSeconds;
  }
  return counts;
}

async function counters(questionnaireId: number): Promise<Record<string, number>> {
  const rows = await t.db
    .selectFrom("response_counters")
    .select(["key", "count"])
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  return Object.fromEntries(
    rows
      .filter((row) => row.key !== RESULTS_VERSION_KEY)
      .map((row) => [row.key, Number(row.count)])
      .filter(([, count]) => count !== 0),
  );
}

const post = <T>(path: string, json: Record<string, unknown>) =>
  call<T>(t.app, "POST", path, { token: owner.token, json });

/** Brute-force crosstab: per row category × column category, responses choosing both. */
function bruteCross(responses: readonly Stored[], row: string, column: string) {
  const categories = (answer: unknown): string[] => {
    if (answer === undefined) return [];
    if (typeof answer === "number") return [String(answer)];
    const choice = answer as { optionId?: string; optionIds?: string[] };
    return choice.optionIds ?? (choice.optionId ? [choice.optionId] : []);
  };
  const cells: Record<string, number> = {};
  let total = 0;
  for (const r of responses) {
    const rows = categories(r.answers[row]);
    const columns = categories(r.answers[column]);
    if (rows.length > 0 && columns.length > 0) total += 1;
    for (const a of rows) for (const b of columns) cells[`${a}|${b}`] = (cells[`${a}|${b}`] ?? 0) + 1;
  }
  return { cells, total };
}

describe("statistics equal brute force after random submits and status changes", () => {
  it("counters, unfiltered and filtered statistics, cross-analysis and the response list", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(responseArb, { minLength: 1, maxLength: 10 }),
        fc.array(opArb, { maxLength: 5 }),
        conditionArb,
        fc.constantFrom("qs", "qm", "qst"),
        fc.constantFrom("qd", "qnps", "qm"),
        async (responses, ops, condition: Condition, rowQuestion, columnQuestion) => {
          const target = await publishedQuestionnaire(t, owner, definition);
          const ids: number[] = [];
          for (const answers of responses) {
            t.clock.advance(5 * 3600);
            ids.push(await submitAnswers(t, target, answers));
          }
          for (const op of ops) {
            const picked = op.picks.map((pick) => ids[pick % ids.length] ?? 0);
            const result = await post<{ changed: number }>(`answer/${op.call}`, {
              id: target.id,
              responseIds: picked,
            });
            expect(result.body.code).toBe(200);
          }
          const stored = await storedResponses(t, target.id);
          expect(await counters(target.id)).toEqual(recount(stored));
          const questionnaire = await t.db
            .selectFrom("questionnaires")
            .select(responseCountColumn)
            .where("id", "=", target.id)
            .executeTakeFirstOrThrow();
          const valid = stored.filter((r) => r.status === "valid");
          expect(questionnaire.responseCount).toBe(valid.length);

          const all = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", {
            id: target.id,
          });
          expect(all.body.data.total).toBe(valid.length);
          expect(statisticsMetrics(all.body.data.questions)).toEqual(
            bruteForceMetrics(valid.map((r) => r.answers)),
          );

          const matching = valid.filter((r) => conditionHolds(definition, r.answers, condition));
          const filtered = await post<QuestionStatisticsResult>("statistics/getQuestionStatistics", {
            id: target.id,
            filter: { condition },
          });
          expect(filtered.body.code).toBe(200);
          expect(filtered.body.data.total).toBe(matching.length);
          expect(statisticsMetrics(filtered.body.data.questions)).toEqual(
            bruteForceMetrics(matching.map((r) => r.answers)),
          );

          const list = await post<ResultsPage<{ id: number }>>("answer/getAnswerList", {
            id: target.id,
            pageSize: 100,
            sort: "timeAsc",
            filter: JSON.stringify({ condition }),
          });
          expect(list.body.data.list.map((item) => item.id)).toEqual(matching.map((r) => r.id));

          const cross = await post<CrossAnalysisResult>("statistics/getCrossAnalysis", {
            id: target.id,
            rowQuestionIds: [rowQuestion],
            columnQuestionId: columnQuestion,
            filter: { condition },
          });
          expect(cross.body.code).toBe(200);
          const expected = bruteCross(matching, rowQuestion, columnQuestion);
          const table = cross.body.data.tables[0];
          const columns = cross.body.data.column.options.map((o) => o.optionId);
          const cells: Record<string, number> = {};
          for (const row of table?.rows ?? [])
            row.cells.forEach((cell, index) => {
              if (cell.count > 0) cells[`${row.optionId}|${columns[index]}`] = cell.count;
            });
          expect(cells).toEqual(expected.cells);
          expect(table?.total).toBe(expected.total);
        },
      ),
      { numRuns: 20 },
    );
  }, 240_000);
});
