import { describe, expect, it } from "vitest";
import type { SurveyDefinitionInput } from "../definition/definition.ts";
import type { QuestionInput } from "../definition/question.ts";
import { buildSurvey, choice, text, today } from "../testing/build.ts";
import { evaluateSurvey } from "./evaluate.ts";
import { createSession } from "./session.ts";

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const texts = (prefix: string, n: number): QuestionInput[] => ids(prefix, n).map((id) => text(id));
const seeded = (seed: string) => ({ ...today, seed });

function shuffled(pages: QuestionInput[][], order: object, extra: Partial<SurveyDefinitionInput> = {}) {
  return buildSurvey(pages, { ...extra, settings: { randomizeQuestions: order } });
}

const visible = (definition: ReturnType<typeof buildSurvey>, seed?: string) =>
  evaluateSurvey(definition, {}, seed === undefined ? today : seeded(seed)).visibleQuestions;

describe("题目随机 (question order per respondent)", () => {
  const eight = texts("q", 8);

  it("shuffles a page per seed, deterministically, as a permutation; no seed keeps definition order", () => {
    const definition = shuffled([eight], {});
    expect(visible(definition, "alice")).toEqual(visible(definition, "alice"));
    expect(visible(definition, "alice")).not.toEqual(ids("q", 8));
    expect([...visible(definition, "bob")].sort()).toEqual(ids("q", 8).sort());
    const orders = new Set(["a", "b", "c", "d", "e"].map((seed) => visible(definition, seed).join()));
    expect(orders.size).toBeGreaterThan(1);
    expect(visible(definition)).toEqual(ids("q", 8));
  });

  it("keeps fixed items in their slot, and items never cross a fixed item", () => {
    const definition = shuffled([eight], { fixedIds: ["q0", "q4", "q7"] });
    for (const seed of ["a", "b", "c", "d"]) {
      const order = visible(definition, seed);
      expect(order[0]).toBe("q0");
      expect(order[4]).toBe("q4");
      expect(order[7]).toBe("q7");
      expect(order.slice(1, 4).sort()).toEqual(["q1", "q2", "q3"]);
      expect(order.slice(5, 7).sort()).toEqual(["q5", "q6"]);
    }
  });

  it("never moves layout items, 题组 or their members, and shuffles only the listed pages", () => {
    const definition = shuffled(
      [
        [
          { id: "intro", type: "paragraph", title: "说明", config: {} },
          ...texts("a", 4),
          { id: "g", type: "group", title: "组", config: { memberIds: ["m0", "m1"] } },
          ...texts("m", 2),
        ],
        texts("b", 6),
      ],
      { pageIds: ["p1"] },
    );
    for (const seed of ["a", "b", "c"]) {
      const order = visible(definition, seed);
      expect(order[0]).toBe("intro");
      expect(order.slice(1, 5).sort()).toEqual(ids("a", 4));
      expect(order.slice(5, 8)).toEqual(["g", "m0", "m1"]);
      expect(order.slice(8)).toEqual(ids("b", 6));
    }
  });

  it("numbers questions in display order, dynamically or statically", () => {
    const questions = [choice("first", ["y", "n"]), ...texts("q", 5)];
    questions[3] = text("q2", { showIf: { kind: "answered", questionId: "first" } });
    const definition = shuffled([questions], { fixedIds: ["first"] });
    const dynamic = evaluateSurvey(definition, {}, seeded("s1"));
    expect(dynamic.visibleQuestions).not.toContain("q2");
    dynamic.visibleQuestions.forEach((id, i) => {
      expect(dynamic.numbers[id]).toBe(i + 1);
    });
    // Static numbering counts hidden q2's slot too: numbers are positions in the full display order.
    const staticDefinition = {
      ...definition,
      settings: { ...definition.settings, numbering: "static" as const },
    };
    const hidden = evaluateSurvey(staticDefinition, {}, seeded("s1"));
    const full = evaluateSurvey(
      staticDefinition,
      { first: { optionId: "y" } },
      seeded("s1"),
    ).visibleQuestions;
    expect(full).toContain("q2");
    for (const id of hidden.visibleQuestions) expect(hidden.numbers[id]).toBe(full.indexOf(id) + 1);
  });

  it("keeps logic in definition order: conditions and jumps from fixed items mean the same", () => {
    const definition = shuffled(
      [
        [
          choice("gate", ["in", "out"], {
            jumps: [
              {
                when: { kind: "selected", questionId: "gate", optionIds: ["out"], match: "any" },
                target: { kind: "question", questionId: "tail" },
              },
            ],
          }),
          ...texts("q", 4),
          text("q4", { showIf: { kind: "answered", questionId: "q0" } }),
          text("tail"),
        ],
      ],
      { fixedIds: ["gate", "tail"] },
    );
    const skipped = evaluateSurvey(definition, { gate: { optionId: "out" } }, seeded("x"));
    expect(skipped.visibleQuestions).toEqual(["gate", "tail"]);
    const answered = evaluateSurvey(definition, { gate: { optionId: "in" }, q0: "是" }, seeded("x"));
    expect([...answered.visibleQuestions].sort()).toEqual(["gate", "q0", "q1", "q2", "q3", "q4", "tail"]);
  });

  it("the session reports the same order as the whole evaluation", () => {
    const definition = shuffled([eight, texts("r", 5)], { fixedIds: ["q3"] });
    const session = createSession(definition, seeded("alice"));
    session.setAnswer("q5", "x");
    expect(session.result()).toEqual(evaluateSurvey(definition, { q5: "x" }, seeded("alice")));
    expect(session.result().visibleQuestions).not.toEqual([...ids("q", 8), ...ids("r", 5)]);
  });
});
