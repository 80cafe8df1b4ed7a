import { describe, expect, it } from "vitest";
import { evaluateSurvey } from "../logic/evaluate.ts";
import { buildSurvey, choice, multi, text, today } from "../testing/build.ts";
import { checkDefinition } from "../validate/check-definition.ts";
import { withFreshIds } from "./fresh-ids.ts";

function optionIdsOf(question: { config: unknown } | undefined): string[] {
  return ((question?.config as { options?: { id: string }[] } | undefined)?.options ?? []).map((o) => o.id);
}

function counter() {
  let n = 0;
  return (prefix: string) => `${prefix}_new${++n}`;
}

const source = buildSurvey(
  [
    [
      choice("q1", ["a", "b"], {
        jumps: [
          {
            when: { kind: "selected", questionId: "q1", optionIds: ["b"], match: "any" },
            target: { kind: "page", pageId: "p2" },
          },
        ],
      }),
      text("q2", {
        title: "您选了{{q1}}，请说明",
        showIf: { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" },
      }),
      multi("q3", ["a", "b", "c"], {
        selectConnect: {
          questionId: "q1",
          mode: "chosen",
          links: [{ optionId: "c", sourceOptionIds: ["b"] }],
        },
      }),
      choice("q4", [], { optionSource: { questionId: "q3", mode: "selected" } }),
      text("q5", { showIf: { kind: "selected", questionId: "q4", optionIds: ["c"], match: "any" } }),
    ],
    [
      {
        id: "q7",
        type: "ranking",
        title: "排序",
        config: {
          options: [
            { id: "x", label: "X" },
            { id: "y", label: "Y" },
          ],
        },
      },
      text("q6", { showIf: { kind: "expression", expression: "$q7.x = 1 or $q1.score > 0 or $c1 > 1" } }),
    ],
  ],
  {
    computed: [{ id: "c1", name: "", expression: "count($q3)" }],
    settings: { randomizeQuestions: { pageIds: ["p1"], fixedIds: ["q1"] } },
  },
);

describe("withFreshIds", () => {
  const copy = withFreshIds(source, counter());
  const [p1, p2] = copy.pages;
  const [q1, q2, q3, q4, q5] = p1?.questions ?? [];

  it("gives every page, question, option and computed value a new id", () => {
    const old = new Set(["p1", "p2", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "c1"]);
    const ids = [
      ...copy.pages.map((p) => p.id),
      ...copy.pages.flatMap((p) => p.questions.map((q) => q.id)),
      ...copy.computed.map((c) => c.id),
    ];
    expect(ids.filter((id) => old.has(id))).toEqual([]);
    const q1Options = optionIdsOf(q1);
    expect(q1Options.some((id) => id === "a" || id === "b")).toBe(false);
  });

  it("remaps every logic reference consistently, and the copy passes the definition check", () => {
    const q1Options = optionIdsOf(q1);
    const q3Options = optionIdsOf(q3);
    expect(q1?.jumps?.[0]).toEqual({
      when: { kind: "selected", questionId: q1?.id, optionIds: [q1Options[1]], match: "any" },
      target: { kind: "page", pageId: p2?.id },
    });
    expect(q2?.title).toBe(`您选了{{${q1?.id}}}，请说明`);
    expect(q2?.showIf).toEqual({
      kind: "selected",
      questionId: q1?.id,
      optionIds: [q1Options[0]],
      match: "any",
    });
    expect(q3?.selectConnect?.links).toEqual([{ optionId: q3Options[2], sourceOptionIds: [q1Options[1]] }]);
    expect(q4?.optionSource?.questionId).toBe(q3?.id);
    // q4 shows q3's options, so a condition on q4 uses q3's new option ids.
    expect(q5?.showIf).toEqual({
      kind: "selected",
      questionId: q4?.id,
      optionIds: [q3Options[2]],
      match: "any",
    });
    const q7 = p2?.questions[0];
    const q7Options = optionIdsOf(q7);
    expect(p2?.questions[1]?.showIf).toEqual({
      kind: "expression",
      expression: `$${q7?.id}.${q7Options[0]} = 1 or $${q1?.id}.score > 0 or $${copy.computed[0]?.id} > 1`,
    });
    expect(copy.computed[0]?.expression).toBe(`count($${q3?.id})`);
    expect(copy.settings.randomizeQuestions).toEqual({ pageIds: [p1?.id], fixedIds: [q1?.id] });
    expect(checkDefinition(copy).filter((issue) => issue.level === "error")).toEqual([]);
  });

  it("behaves like the original: the same answers show the same questions", () => {
    const q1Options = optionIdsOf(q1);
    const before = evaluateSurvey(source, { q1: { optionId: "a" } }, today);
    const after = evaluateSurvey(copy, { [q1?.id ?? ""]: { optionId: q1Options[0] } }, today);
    expect(before.visibleQuestions).toContain("q2");
    const newIdOf = new Map(
      source.pages.flatMap((p, i) => p.questions.map((q, j) => [q.id, copy.pages[i]?.questions[j]?.id])),
    );
    expect(after.visibleQuestions).toEqual(before.visibleQuestions.map((id) => newIdOf.get(id)));
  });
});
