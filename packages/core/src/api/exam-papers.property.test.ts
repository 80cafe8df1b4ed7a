import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDefinition, type SurveyDefinition } from "../survey/definition/definition.ts";
import type { PaperRule } from "../survey/definition/settings.ts";
import { scoreExam } from "../survey/scoring/exam.ts";
import { drawPaper, type PaperPoolItem, paperQuestionId, paperRuleMatches } from "./exam-papers.ts";
import { parseBankRows } from "./question-banks.ts";

const TAGS = ["语文", "数学", "英语"];
const DIFFICULTIES = ["简单", "中等", "困难"];
const TYPES = ["单选题", "多选题", "判断题", "填空题"];

/** One bank sheet row of each type, as a teacher would import it. */
function sheetRow(type: string, n: number, tags: string[], difficulty: number): string[] {
  const options = "甲|乙|丙|丁";
  const [opts, answer] =
    type === "单选题"
      ? [options, "B"]
      : type === "多选题"
        ? [options, "AC"]
        : type === "判断题"
          ? ["", "对"]
          : ["", `答案${n}`];
  return [`第${n}题`, type, opts, answer, "5", "", tags.join(","), DIFFICULTIES[difficulty - 1] ?? "简单"];
}

const itemArb = fc.record({
  bankId: fc.integer({ min: 1, max: 2 }),
  type: fc.constantFrom(...TYPES),
  tags: fc.subarray(TAGS),
  difficulty: fc.integer({ min: 1, max: 3 }),
});

const ruleArb: fc.Arbitrary<PaperRule> = fc.record(
  {
    bankId: fc.integer({ min: 1, max: 2 }),
    tag: fc.constantFrom(...TAGS),
    difficulty: fc.constantFrom(1 as const, 2 as const, 3 as const),
    count: fc.integer({ min: 1, max: 3 }),
    points: fc.integer({ min: 1, max: 10 }),
  },
  { requiredKeys: ["bankId", "count", "points"] },
);

function poolOf(specs: readonly { bankId: number; type: string; tags: string[]; difficulty: number }[]) {
  const rows = specs.map((spec, i) => sheetRow(spec.type, i + 1, spec.tags, spec.difficulty));
  const { questions, errors } = parseBankRows(rows, (i) => `q${i + 1}`);
  expect(errors).toEqual([]);
  return questions.map((bank, i): PaperPoolItem => ({ ...bank, id: 100 + i, bankId: specs[i]?.bankId ?? 1 }));
}

function examWith(rules: PaperRule[]): SurveyDefinition {
  const parsed = parseDefinition({
    schemaVersion: 1,
    kind: "exam",
    title: "随机组卷",
    pages: [{ id: "p1", questions: [{ id: "name", type: "text", title: "姓名", config: {} }] }],
    settings: { exam: { passMark: 1, paperRules: rules } },
  });
  if (!parsed.ok) throw new Error("the exam does not parse");
  return parsed.definition;
}

/** The answer that earns full marks on a drawn question (the sheet rows above say which it is). */
function correctAnswer(item: PaperPoolItem): unknown {
  const q = item.question;
  if (q.type === "text") return q.scoring?.mode === "text" ? q.scoring.accepted[0] : "";
  if (q.type === "single" || q.type === "trueFalse") {
    const option = q.config.options.find((o) => o.correct);
    return { optionId: option?.id };
  }
  if (q.type === "multiple") return { optionIds: q.config.options.filter((o) => o.correct).map((o) => o.id) };
  return undefined;
}

describe("随机组卷 property", () => {
  it("every paper keeps its rules, and grading scores the candidate's own questions", () => {
    let drawnPapers = 0;
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 10, maxLength: 25 }),
        fc.array(ruleArb, { minLength: 1, maxLength: 2 }),
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
        (specs, rules, seed, rightOnes) => {
          const pool = poolOf(specs);
          const exam = examWith(rules);
          const draw = drawPaper(exam, pool, seed);
          // The same seed draws the same paper (a reload or a retried open sees no other questions).
          expect(drawPaper(exam, pool, seed)).toEqual(draw);
          if (!draw.ok) {
            expect(draw.available).toBeLessThan(rules[draw.rule]?.count ?? 0);
            return;
          }
          drawnPapers++;
          const byId = new Map(pool.map((item) => [item.id, item]));
          expect(new Set(draw.drawn.map((d) => d.itemId)).size).toBe(draw.drawn.length);
          rules.forEach((rule, index) => {
            const mine = draw.drawn.filter((d) => d.rule === index);
            expect(mine).toHaveLength(rule.count);
            for (const d of mine)
              expect(paperRuleMatches(rule, byId.get(d.itemId) as PaperPoolItem)).toBe(true);
          });
          const questions = draw.definition.pages.flatMap((p) => p.questions);
          expect(questions.map((q) => q.id)).toEqual([
            "name",
            ...draw.drawn.map((d) => paperQuestionId(d.itemId)),
          ]);

          // Answer some right and the rest wrong: the score is the points of the right ones, out of all.
          const answers: Record<string, unknown> = { name: "张三" };
          let expected = 0;
          draw.drawn.forEach((d, i) => {
            const item = byId.get(d.itemId) as PaperPoolItem;
            const right = rightOnes[i] ?? false;
            if (right) expected += rules[d.rule]?.points ?? 0;
            answers[paperQuestionId(d.itemId)] = right ? correctAnswer(item) : wrongAnswer(item);
          });
          const result = scoreExam(draw.definition, answers, { today: "2026-11-27" });
          const max = rules.reduce((sum, rule) => sum + rule.count * rule.points, 0);
          expect(result.max).toBe(max);
          expect(result.total).toBe(expected);
          // Against the bare exam (no paper) the same answers earn nothing: grading needs the candidate's paper.
          expect(scoreExam(exam, { name: "张三" }, { today: "2026-11-27" }).max).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
    // Most runs must reach the paper checks, not only the 题目不足 branch.
    expect(drawnPapers).toBeGreaterThan(50);
  });

  it("different candidates get different papers from a large enough bank", () => {
    const pool = poolOf(
      Array.from({ length: 30 }, (_, i) => ({
        bankId: 1,
        type: "单选题",
        tags: [],
        difficulty: 1 + (i % 3),
      })),
    );
    const exam = examWith([{ bankId: 1, count: 5, points: 2 }]);
    const papers = new Set(
      ["甲", "乙", "丙", "丁"].map((seed) => {
        const draw = drawPaper(exam, pool, seed);
        return draw.ok ? draw.drawn.map((d) => d.itemId).join(",") : "";
      }),
    );
    expect(papers.size).toBe(4);
  });
});

function wrongAnswer(item: PaperPoolItem): unknown {
  const q = item.question;
  if (q.type === "text") return "不知道";
  if (q.type === "single" || q.type === "trueFalse")
    return { optionId: q.config.options.find((o) => !o.correct)?.id };
  if (q.type === "multiple") return { optionIds: [q.config.options.find((o) => !o.correct)?.id] };
  return undefined;
}
