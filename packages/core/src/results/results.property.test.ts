import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CountTable } from "./counts.ts";
import { counterKeysOf, responseFacts } from "./facts.ts";
import { planFilter } from "./filter-plan.ts";
import { answeredFromKeyCounts, definitionStatistics } from "./statistics.ts";
import { bruteForceMetrics, statisticsMetrics } from "./testing/brute-force.ts";
import { conditionArb, everyTypeDefinition, responseArb } from "./testing/every-type.ts";
import { conditionHolds, predicateHolds } from "./testing/probe.ts";

const definition = everyTypeDefinition();

function countsOf(responses: readonly Record<string, unknown>[]): CountTable {
  const counts = new Map<string, number>();
  for (const answers of responses) {
    for (const key of counterKeysOf(responseFacts(definition, answers), {
      day: "2024-06-15",
      source: "link",
    }))
      counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new CountTable(counts);
}

describe("statistics from counters", () => {
  it("equal a brute-force computation over the raw answers, for every type", () => {
    fc.assert(
      fc.property(fc.array(responseArb, { maxLength: 25 }), (responses) => {
        const statistics = definitionStatistics(definition, countsOf(responses));
        expect(statisticsMetrics(statistics)).toEqual(bruteForceMetrics(responses));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("merge: counts of two batches added together give the statistics of both", () => {
    fc.assert(
      fc.property(
        fc.array(responseArb, { maxLength: 10 }),
        fc.array(responseArb, { maxLength: 10 }),
        (a, b) => {
          const merged = new CountTable([...countsEntries(a), ...countsEntries(b)]);
          expect(definitionStatistics(definition, merged)).toEqual(
            definitionStatistics(definition, countsOf([...a, ...b])),
          );
        },
      ),
      { numRuns: 50 },
    );
  });
});

function countsEntries(responses: readonly Record<string, unknown>[]): [string, number][] {
  const entries: [string, number][] = [];
  for (const answers of responses)
    for (const key of counterKeysOf(responseFacts(definition, answers), {
      day: "2024-06-15",
      source: "link",
    }))
      entries.push([key, 1]);
  return entries;
}

describe("filter plans", () => {
  it("hold on a response's facts exactly when core's engine says the condition holds", () => {
    fc.assert(
      fc.property(
        conditionArb,
        fc.array(responseArb, { minLength: 1, maxLength: 8 }),
        (condition, responses) => {
          const plan = planFilter(definition, condition);
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          for (const answers of responses) {
            expect(predicateHolds(plan.predicate, responseFacts(definition, answers))).toBe(
              conditionHolds(definition, answers, condition),
            );
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it("refuses expressions, computed values and comparisons of labels", () => {
    expect(planFilter(definition, { kind: "expression", expression: "$qn > 1" })).toMatchObject({
      ok: false,
      reason: "unsupportedKind",
    });
    expect(planFilter(definition, { kind: "computed", computedId: "c1", op: "eq", value: 1 })).toMatchObject({
      ok: false,
    });
    expect(
      planFilter(definition, { kind: "compare", questionId: "qs", op: "eq", value: "选项A" }),
    ).toMatchObject({
      ok: false,
      reason: "unsupportedCompare",
      questionId: "qs",
    });
    expect(
      planFilter(definition, { kind: "compare", questionId: "qn", op: "contains", value: "1" }),
    ).toMatchObject({ ok: false });
    const nested = planFilter(definition, {
      kind: "all",
      conditions: [
        { kind: "answered", questionId: "qs" },
        { kind: "expression", expression: "1" },
      ],
    });
    expect(nested.ok).toBe(false);
  });
});

describe("answered from key counts", () => {
  it("equals the answered counters for every question", () => {
    fc.assert(
      fc.property(fc.array(responseArb, { maxLength: 20 }), (responses) => {
        const keyCounts = new Map<string, number>();
        for (const answers of responses)
          for (const fact of responseFacts(definition, answers))
            keyCounts.set(fact.key, (keyCounts.get(fact.key) ?? 0) + 1);
        const counts = countsOf(responses);
        for (const [key, count] of answeredFromKeyCounts(definition, keyCounts))
          expect([key, count]).toEqual([key, counts.get(key)]);
      }),
      { numRuns: 100 },
    );
  });
});
