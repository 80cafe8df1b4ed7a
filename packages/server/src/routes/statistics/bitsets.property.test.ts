import type {
  Condition,
  CrossAnalysisResult,
  QuestionStatisticsResult,
  ResultsFilter,
  SurveyDefinition,
} from "@wjgj/core";
import { bruteForceMetrics, statisticsMetrics } from "@wjgj/core/results/testing/brute-force";
import { conditionArb, everyTypeDefinition, responseArb } from "@wjgj/core/results/testing/every-type";
import { conditionHolds } from "@wjgj/core/results/testing/probe";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import {
  publishedQuestionnaire,
  type StoredResponse,
  storedResponses,
  submitAnswers,
} from "../../../test/results-fixtures.ts";
import { buildApp } from "../../app.ts";
import { resolveSession } from "../../commands/account/sessions.ts";
import { getCrossAnalysis } from "../../commands/results/cross-analysis.ts";
import { chinaDate } from "../../commands/results/record.ts";
import { getQuestionStatistics } from "../../commands/results/statistics.ts";
import type { AppContext } from "../../context.ts";
import { type DbHandle, openDb } from "../../db/index.ts";

/**
 * The bitset index against the SQL reference and brute force: random submits, status changes and queries
 * interleaved, through two app instances on one database (each with its own cache), so a cached index must
 * notice new responses and status changes made by itself and by the other instance.
 */
let t: TestContext;
let other: { app: FastifyInstance; handle: DbHandle };
const definition: SurveyDefinition = everyTypeDefinition();

beforeAll(async () => {
  t = await createTestContext();
  const handle = openDb(t.config);
  const app = await buildApp({ config: t.config, db: handle.db, dialect: handle.dialect, clock: t.clock });
  await app.ready();
  other = { app, handle };
});
afterAll(async () => {
  await other.app.close();
  await other.handle.destroy();
  await t.close();
});

const sources = ["link", "wechat", "qrcode"] as const;
const stepArb = fc.oneof(
  {
    // Bursts, so indexes grow past their first capacity between queries.
    arbitrary: fc.record({
      kind: fc.constant("submit" as const),
      burst: fc.array(responseArb, { minLength: 1, maxLength: 8 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("status" as const),
      call: fc.constantFrom("deleteAnswer", "restoreAnswer", "markInvalid", "markValid"),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
      app: fc.nat(1),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("query" as const),
      condition: fc.option(conditionArb, { nil: undefined }),
      source: fc.option(fc.constantFrom(...sources), { nil: undefined }),
      days: fc.option(fc.tuple(fc.nat(3), fc.nat(3)), { nil: undefined }),
      row: fc.constantFrom("qs", "qm", "qst"),
      column: fc.constantFrom("qd", "qnps", "qm"),
      app: fc.nat(1),
    }),
    weight: 2,
  },
);

const day = (start: Date, offset: number) => chinaDate(new Date(start.getTime() + offset * 86_400_000));

type Stored = StoredResponse;

function inFilter(response: Stored, filter: ResultsFilter, condition: Condition | undefined) {
  const date = chinaDate(new Date(response.submittedAt));
  if (filter.dateFrom && date < filter.dateFrom) return false;
  if (filter.dateTo && date > filter.dateTo) return false;
  if (filter.source && response.source !== filter.source) return false;
  return condition === undefined || conditionHolds(definition, response.answers, condition);
}

describe("fact bitsets equal the SQL reference and brute force", () => {
  it("after random submits, deletes, restores and invalid marks through two app instances", async () => {
    const ctx: AppContext = t.ctx;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 4, maxLength: 30 }), async (steps) => {
        // A new owner per run: the clock moves by days and sessions expire.
        const owner: BuiltUser = await buildUser(t);
        const viewer = await resolveSession(t.db, t.clock, owner.token);
        if (!viewer) throw new Error("no session");
        const start = t.clock.now();
        const target = await publishedQuestionnaire(t, owner, definition);
        const ids: number[] = [];
        for (const step of steps) {
          if (step.kind === "submit") {
            // Responses spread over about four days, from three sources.
            for (const answers of step.burst) {
              t.clock.advance(2 * 3600);
              ids.push(await submitAnswers(t, target, answers));
            }
            continue;
          }
          const app = step.app === 0 ? t.app : other.app;
          if (step.kind === "status") {
            if (ids.length === 0) continue;
            const responseIds = step.picks.map((pick) => ids[pick % ids.length] ?? 0);
            const changed = await call(app, "POST", `answer/${step.call}`, {
              token: owner.token,
              json: { id: target.id, responseIds },
            });
            expect(changed.body.code).toBe(200);
            continue;
          }
          const filter: ResultsFilter = {
            ...(step.condition ? { condition: step.condition } : {}),
            ...(step.source ? { source: step.source } : {}),
            ...(step.days
              ? { dateFrom: day(start, step.days[0]), dateTo: day(start, step.days[0] + step.days[1]) }
              : {}),
          };
          // Always filtered, so the bitsets answer: an empty condition list holds for every response.
          const asked =
            Object.keys(filter).length > 0 ? filter : { condition: { kind: "all", conditions: [] } };
          const stats = await call<QuestionStatisticsResult>(
            app,
            "POST",
            "statistics/getQuestionStatistics",
            {
              token: owner.token,
              json: { id: target.id, filter: asked },
            },
          );
          expect(stats.body.code).toBe(200);
          const reference = await getQuestionStatistics(
            ctx,
            viewer,
            target.id,
            asked as ResultsFilter,
            "sql",
          );
          expect(stats.body.data).toEqual(reference);
          const matching = (await storedResponses(t, target.id, "valid")).filter((r) =>
            inFilter(r, asked as ResultsFilter, (asked as ResultsFilter).condition),
          );
          expect(stats.body.data.total).toBe(matching.length);
          expect(statisticsMetrics(stats.body.data.questions)).toEqual(
            bruteForceMetrics(matching.map((r) => r.answers)),
          );

          const input = { id: target.id, rowQuestionIds: [step.row], columnQuestionId: step.column };
          const cross = await call<CrossAnalysisResult>(app, "POST", "statistics/getCrossAnalysis", {
            token: owner.token,
            json: { ...input, filter: asked },
          });
          expect(cross.body.code).toBe(200);
          expect(cross.body.data).toEqual(
            await getCrossAnalysis(ctx, viewer, { ...input, filter: asked as ResultsFilter }, "sql"),
          );
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
