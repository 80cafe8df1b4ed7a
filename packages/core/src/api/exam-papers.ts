import type { SurveyDefinition } from "../survey/definition/definition.ts";
import type { Question } from "../survey/definition/question.ts";
import type { ScoringRule } from "../survey/definition/scoring-rule.ts";
import type { PaperRule } from "../survey/definition/settings.ts";
import { hashString, seededRandom } from "../survey/shared/random.ts";
import { type BankDifficulty, standaloneQuestion } from "./question-banks.ts";

/** A bank question a rule may draw: its row id, its bank, and what rules filter on. */
export interface PaperPoolItem {
  id: number;
  bankId: number;
  tags: readonly string[];
  difficulty: BankDifficulty;
  question: Question;
}

/** Id of a drawn question in a paper: the same bank question keeps one id on every paper (report rows). */
export function paperQuestionId(itemId: number): string {
  return `bank_${itemId}`;
}

export function paperRuleMatches(rule: PaperRule, item: PaperPoolItem): boolean {
  return (
    item.bankId === rule.bankId &&
    (rule.tag === undefined || item.tags.includes(rule.tag)) &&
    (rule.difficulty === undefined || item.difficulty === rule.difficulty)
  );
}

/** A question's rule with its full marks set to the rule's points (blanks share them out per blank). */
function withPoints(scoring: ScoringRule | undefined, points: number): ScoringRule | undefined {
  if (!scoring) return scoring;
  switch (scoring.mode) {
    case "perOption":
      return scoring;
    case "blanks": {
      const blanks = Math.max(1, Object.keys(scoring.accepted).length);
      return { ...scoring, pointsPerBlank: points / blanks };
    }
    default:
      return { ...scoring, points };
  }
}

/** A bank question as `rule` puts it on a paper: its paper id, the rule's points, options shuffled or not. */
function paperQuestion(item: PaperPoolItem, rule: PaperRule, shuffleOptions: boolean): Question {
  const scoring = withPoints(item.question.scoring, rule.points);
  const question = {
    // Banks made from a questionnaire before 2026-12-06 kept its logic, which named that questionnaire's questions.
    ...standaloneQuestion(item.question),
    id: paperQuestionId(item.id),
    ...(shuffleOptions ? { randomizeOptions: { keepLast: 0 } } : {}),
  } as Question;
  return (scoring ? { ...question, scoring } : question) as Question;
}

/**
 * A bank question as the first of `rules` that may draw it scores it, or null when no rule matches it any
 * more. For the report's row of a drawn question: one that two rules with different points could draw is
 * shown with the first one's.
 */
export function drawnQuestionOf(rules: readonly PaperRule[], item: PaperPoolItem): Question | null {
  const rule = rules.find((candidate) => paperRuleMatches(candidate, item));
  return rule ? paperQuestion(item, rule, false) : null;
}

export type PaperDraw =
  | { ok: true; definition: SurveyDefinition; drawn: { rule: number; itemId: number }[] }
  /** Rule `rule` (0-based) found only `available` unused matching questions. */
  | { ok: false; rule: number; available: number };

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/**
 * One candidate's paper: every rule draws its count from the matching questions no earlier rule took (a
 * question is never asked twice), the drawn questions are shuffled together (or kept in rule and bank order
 * when `paperShuffleQuestions` is false) and appended to the last page of the exam, each scored with its
 * rule's points and, with `paperShuffleOptions`, marked for a per-candidate option order. The same seed and pool give the same paper; the server
 * keeps the paper it drew, so the seed only needs to differ between candidates.
 */
export function drawPaper(
  definition: SurveyDefinition,
  pool: readonly PaperPoolItem[],
  seed: string,
): PaperDraw {
  const exam = definition.settings.exam;
  const rules = exam?.paperRules ?? [];
  const random = seededRandom(hashString(seed));
  const taken = new Set<number>();
  const drawn: { rule: number; itemId: number; question: Question }[] = [];
  const ordered = [...pool].sort((a, b) => a.id - b.id);
  for (const [index, rule] of rules.entries()) {
    const matching = ordered.filter((item) => !taken.has(item.id) && paperRuleMatches(rule, item));
    if (matching.length < rule.count) return { ok: false, rule: index, available: matching.length };
    for (const item of shuffled(matching, random).slice(0, rule.count)) {
      taken.add(item.id);
      drawn.push({
        rule: index,
        itemId: item.id,
        question: paperQuestion(item, rule, exam?.paperShuffleOptions === true),
      });
    }
  }
  const order =
    exam?.paperShuffleQuestions === false
      ? [...drawn].sort((a, b) => a.rule - b.rule || a.itemId - b.itemId)
      : shuffled(drawn, random);
  const pages = definition.pages.map((page, i) =>
    i === definition.pages.length - 1
      ? { ...page, questions: [...page.questions, ...order.map((entry) => entry.question)] }
      : page,
  );
  return {
    ok: true,
    definition: { ...definition, pages },
    drawn: order.map(({ rule, itemId }) => ({ rule, itemId })),
  };
}

/** What the designer knows of a bank to check rules against: its name and its questions' filters. */
export interface PaperBankFacts {
  id: number;
  name: string;
  items: readonly { tags: readonly string[]; difficulty: BankDifficulty }[];
}

export interface PaperRuleProblem {
  /** 0-based rule index. */
  rule: number;
  message: string;
}

const difficultyNames = { 1: "简单", 2: "中等", 3: "困难" } as const;

/**
 * Why rules cannot always draw a paper, in Chinese, per rule: a missing bank, a rule asking for more than its
 * matching questions, or rules on one bank asking together for more than the bank holds (a question is
 * never drawn twice, see drawPaper).
 */
export function paperRuleProblems(
  rules: readonly PaperRule[],
  banks: readonly PaperBankFacts[],
): PaperRuleProblem[] {
  const problems: PaperRuleProblem[] = [];
  const asked = new Map<number, number>();
  for (const [index, rule] of rules.entries()) {
    const bank = banks.find((b) => b.id === rule.bankId);
    if (!bank) {
      problems.push({ rule: index, message: `第${index + 1}条规则：请选择题库` });
      continue;
    }
    const matching = bank.items.filter(
      (item) =>
        (rule.tag === undefined || item.tags.includes(rule.tag)) &&
        (rule.difficulty === undefined || item.difficulty === rule.difficulty),
    ).length;
    const filters = [
      rule.tag ? `标签「${rule.tag}」` : "",
      rule.difficulty ? `难度「${difficultyNames[rule.difficulty]}」` : "",
    ].join("");
    if (matching < rule.count) {
      problems.push({
        rule: index,
        message: `第${index + 1}条规则：题库「${bank.name}」中${filters ? `${filters}的` : ""}题目只有${matching}道，少于抽题数${rule.count}道`,
      });
      continue;
    }
    const total = (asked.get(bank.id) ?? 0) + rule.count;
    asked.set(bank.id, total);
    if (total > bank.items.length) {
      problems.push({
        rule: index,
        message: `第${index + 1}条规则：从题库「${bank.name}」共抽${total}道，超过题库的${bank.items.length}道题`,
      });
    }
  }
  return problems;
}
