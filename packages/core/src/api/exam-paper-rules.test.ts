import { describe, expect, it } from "vitest";
import { parseDefinition, type SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import type { ExamSettings } from "../survey/definition/settings.ts";
import { drawPaper, type PaperBankFacts, type PaperPoolItem, paperRuleProblems } from "./exam-papers.ts";
import { parseBankRows } from "./question-banks.ts";

const bank: PaperBankFacts = {
  id: 7,
  name: "安全知识",
  items: [
    { tags: ["消防"], difficulty: 1 },
    { tags: ["消防"], difficulty: 2 },
    { tags: ["交通"], difficulty: 1 },
  ],
};

describe("paperRuleProblems", () => {
  it("accepts rules the bank can always satisfy", () => {
    expect(
      paperRuleProblems(
        [
          { bankId: 7, tag: "消防", count: 2, points: 5 },
          { bankId: 7, tag: "交通", count: 1, points: 5 },
        ],
        [bank],
      ),
    ).toEqual([]);
  });

  it("names a rule asking for more questions than match it", () => {
    expect(
      paperRuleProblems([{ bankId: 7, tag: "消防", difficulty: 1, count: 2, points: 5 }], [bank]),
    ).toEqual([
      {
        rule: 0,
        message: "第1条规则：题库「安全知识」中标签「消防」难度「简单」的题目只有1道，少于抽题数2道",
      },
    ]);
  });

  it("names rules that together ask more of one bank than it holds, and a missing bank", () => {
    expect(
      paperRuleProblems(
        [
          { bankId: 7, count: 2, points: 5 },
          { bankId: 7, count: 2, points: 5 },
          { bankId: 99, count: 1, points: 5 },
        ],
        [bank],
      ),
    ).toEqual([
      { rule: 1, message: "第2条规则：从题库「安全知识」共抽4道，超过题库的3道题" },
      { rule: 2, message: "第3条规则：请选择题库" },
    ]);
  });
});

function poolOf(count: number): PaperPoolItem[] {
  const rows = Array.from({ length: count }, (_, i) => [
    `第${i + 1}题`,
    "单选题",
    "甲|乙|丙|丁",
    "A",
    "5",
    "",
    "",
    "简单",
  ]);
  const { questions } = parseBankRows(rows, (i) => `q${i + 1}`);
  return questions.map((q, i) => ({ ...q, id: 10 + i, bankId: 1 }));
}

function examWith(exam: Partial<ExamSettings>): SurveyDefinition {
  const parsed = parseDefinition({
    schemaVersion: 1,
    kind: "exam",
    title: "随机组卷",
    pages: [{ id: "p1", questions: [] }],
    settings: { exam: { paperRules: [{ bankId: 1, count: 6, points: 2 }], ...exam } },
  });
  if (!parsed.ok) throw new Error("the exam does not parse");
  return parsed.definition;
}

describe("随机组卷 shuffle switches", () => {
  const pool = poolOf(6);
  const drawnIds = (exam: SurveyDefinition, seed: string) => {
    const draw = drawPaper(exam, pool, seed);
    if (!draw.ok) throw new Error("no paper");
    return draw.definition.pages.flatMap((p) => p.questions);
  };

  it("keeps the bank order when question shuffling is off, shuffles otherwise", () => {
    const inOrder = examWith({ paperShuffleQuestions: false });
    for (const seed of ["a", "b", "c"])
      expect(drawnIds(inOrder, seed).map((q) => q.id)).toEqual(pool.map((item) => `bank_${item.id}`));
    const shuffledOrders = new Set(
      ["a", "b", "c", "d", "e"].map((seed) =>
        drawnIds(examWith({}), seed)
          .map((q) => q.id)
          .join(),
      ),
    );
    expect(shuffledOrders.size).toBeGreaterThan(1);
  });

  it("leaves out logic a bank question brought from the questionnaire it was made from", () => {
    const withLogic = pool.map((item) => ({
      ...item,
      question: {
        ...item.question,
        showIf: { kind: "answered", questionId: "q1" },
        jumps: [{ when: { kind: "answered", questionId: "q1" }, target: { kind: "submit" } }],
      } as Question,
    }));
    const draw = drawPaper(examWith({}), withLogic, "a");
    if (!draw.ok) throw new Error("no paper");
    const drawn = draw.definition.pages.flatMap((p) => p.questions);
    expect(drawn).toHaveLength(6);
    expect(drawn.every((q) => q.showIf === undefined && q.jumps === undefined)).toBe(true);
  });

  it("marks drawn questions for an option shuffle only when asked", () => {
    expect(drawnIds(examWith({ paperShuffleOptions: true }), "a").every((q) => q.randomizeOptions)).toBe(
      true,
    );
    expect(drawnIds(examWith({}), "a").some((q) => q.randomizeOptions)).toBe(false);
  });
});
