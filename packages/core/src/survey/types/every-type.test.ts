import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { choiceAndTextCases, type TypeCase } from "../testing/type-cases.ts";
import { ratingMatrixAdvancedCases } from "../testing/type-cases-more.ts";
import type { AnyQuestionModule } from "./module.ts";
import { getQuestionType, questionTypes } from "./registry.ts";

const cases = [...choiceAndTextCases, ...ratingMatrixAdvancedCases];
const answerable = cases.filter((c) => c.valid.length > 0).map((c) => [c.type, c] as const);
const today = "2024-06-15";

function moduleOf(type: string): AnyQuestionModule {
  const module = getQuestionType(type);
  if (!module) throw new Error(`no module ${type}`);
  return module;
}

describe("every question type", () => {
  it("has a worked case, and every scorable type a scoring case", () => {
    expect(cases.map((c) => c.type).sort()).toEqual(questionTypes.map((t) => t.type).sort());
    for (const c of cases) {
      const module = moduleOf(c.type);
      expect(c.score !== undefined, c.type).toBe(module.scoringModes.length > 0);
      expect(c.valid.length > 0, c.type).toBe(module.answerable);
    }
  });

  describe.each(cases.map((c) => [c.type, c] as const))("%s", (_type, c: TypeCase) => {
    const module = moduleOf(c.type);
    const config = module.configSchema.parse(c.config);
    const env = { today, options: module.options?.(config) ?? [] };
    const codes = (answer: unknown) => module.validate(config, answer, env).map((issue) => issue.code);

    it("config: parses its config, refuses a bad one, and its defaults are valid", () => {
      expect(module.configSchema.safeParse(c.badConfig).success).toBe(false);
      expect(module.configSchema.safeParse(module.defaults()).success).toBe(true);
    });

    it("answer: the schema accepts well-shaped answers and refuses a malformed one", () => {
      for (const answer of [...c.valid, ...c.invalid.map(([answer]) => answer)]) {
        expect(module.answerSchema.safeParse(answer).success, JSON.stringify(answer)).toBe(true);
      }
      expect(module.answerSchema.safeParse(c.malformed).success).toBe(false);
    });

    it("validator: valid answers pass, each invalid one fails with its code", () => {
      for (const answer of c.valid) expect(codes(answer), JSON.stringify(answer)).toEqual([]);
      for (const [answer, code] of c.invalid) expect(codes(answer)[0], JSON.stringify(answer)).toBe(code);
    });

    it("scorer: scores with a supported mode, within [0, max]", () => {
      if (!c.score) {
        expect(module.scoringModes).toEqual([]);
        return;
      }
      expect(module.scoringModes).toContain(c.score.rule.mode);
      const result = module.score?.(config, c.score.answer, c.score.rule, env.options);
      expect(result).toEqual(c.score.expected);
      expect(module.score?.(config, undefined, c.score.rule, env.options).score).toBe(0);
    });

    it("reducer: folds one answer, and merges with the empty state as identity", () => {
      const empty = module.stats.empty(config);
      const first = c.valid[0];
      const one = first === undefined ? empty : module.stats.add(config, empty, first);
      expect(one).toEqual(c.stats);
      expect(module.stats.merge(empty, one)).toEqual(one);
      expect(module.stats.merge(one, empty)).toEqual(one);
    });
  });

  it.each(answerable)("%s reducer: partial results merged in any order equal one pass", (_type, c) => {
    const module = moduleOf(c.type);
    const config = module.configSchema.parse(c.config);
    const reduce = (answers: readonly unknown[]) =>
      answers.reduce((state, answer) => module.stats.add(config, state, answer), module.stats.empty(config));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...c.valid), fc.nat({ max: 2 })), { maxLength: 20 }),
        fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
        (tagged, order) => {
          const chunks = [0, 1, 2].map((k) =>
            reduce(tagged.filter(([, chunk]) => chunk === k).map(([a]) => a)),
          );
          const merged = order.reduce(
            (state, k) => module.stats.merge(state, chunks[k]),
            module.stats.empty(config),
          );
          expect(merged).toEqual(reduce(tagged.map(([answer]) => answer)));
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe("answers taken as they are (answerAsIs)", () => {
  const checked = cases.filter((c) => moduleOf(c.type).answerAsIs !== undefined);

  it("covers the choice and text types most questionnaires are made of", () => {
    const types = checked.map((c) => c.type);
    for (const type of ["single", "dropdown", "multiple", "text", "textarea", "date", "time"])
      expect(types, type).toContain(type);
  });

  it.each(checked.map((c) => [c.type, c] as const))(
    "%s: takes its well-shaped answers, and they are what the schema returns",
    (_type, c) => {
      const module = moduleOf(c.type);
      for (const answer of [...c.valid, ...c.invalid.map(([answer]) => answer)]) {
        const plain = JSON.parse(JSON.stringify(answer)) as unknown;
        expect(module.answerAsIs?.(plain), JSON.stringify(answer)).toBe(true);
        expect(module.answerSchema.parse(plain)).toEqual(plain);
      }
      expect(module.answerAsIs?.(c.malformed)).toBe(false);
    },
  );

  it("takes nothing the schema would refuse or change", () => {
    const text = fc.oneof(fc.string({ maxLength: 70 }), fc.string({ minLength: 1990, maxLength: 2010 }));
    const near = fc.oneof(
      fc.jsonValue(),
      text,
      fc.record(
        {
          optionId: fc.oneof(text, fc.jsonValue()),
          otherText: fc.oneof(text, fc.jsonValue()),
          extra: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          optionIds: fc.oneof(fc.array(fc.oneof(text, fc.integer()), { maxLength: 4 }), fc.jsonValue()),
          otherTexts: fc.oneof(
            fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(text, fc.integer())),
            fc.jsonValue(),
          ),
          extra: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
    );
    for (const c of checked) {
      const module = moduleOf(c.type);
      fc.assert(
        fc.property(near, (value) => {
          const raw = JSON.parse(JSON.stringify(value) ?? "null") as unknown;
          if (!module.answerAsIs?.(raw)) return;
          const parsed = module.answerSchema.safeParse(raw);
          expect(parsed.success, JSON.stringify(raw)).toBe(true);
          expect(parsed.data).toEqual(raw);
        }),
        { numRuns: 300 },
      );
    }
  });
});
