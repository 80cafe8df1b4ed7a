import { isGradedKind, type OptionInput, type QuestionnaireKind, type ScoringRule } from "../survey/index.ts";
import { choiceAnswer, letterAt } from "./answers.ts";
import type { ParsedOption } from "./body.ts";
import type { Warn } from "./context.ts";
import { limitText } from "./context.ts";

export const MAX_OPTIONS = 500;

/** Core options from parsed ones: ids q1_o1…, 其他 text boxes, 互斥, scores, correct marks. */
export function toOptions(
  questionId: string,
  parsed: readonly ParsedOption[],
  warn: Warn,
  allow: { exclusive: boolean; other: boolean },
): OptionInput[] {
  const seen = new Set<string>();
  return parsed.slice(0, MAX_OPTIONS).map((option, index) => {
    if (seen.has(option.label)) warn(option.line, `选项「${option.label}」重复`);
    seen.add(option.label);
    const built: OptionInput = {
      id: `${questionId}_o${index + 1}`,
      label: limitText(option.label, 1000, option.line, warn),
    };
    if (option.other && allow.other) built.other = { textRequired: option.other.textRequired };
    if (option.exclusive && allow.exclusive) built.exclusive = true;
    if (option.score !== undefined) built.score = option.score;
    return built;
  });
}

export interface ChoiceScoring {
  optionIds: string[];
  scoring?: ScoringRule;
}

/**
 * Correct options of a choice question from 答案：…, an answer in the stem, or √ on options; the rule is
 * 唯一正确答案 for pick-one types and 全部答对才得分 for multi-select. Option scores alone make a
 * 每个选项单独计分 rule in exams and quizzes.
 */
export function choiceScoring(input: {
  options: readonly ParsedOption[];
  built: readonly OptionInput[];
  answer?: { line: number; text: string };
  multiple: boolean;
  points: number;
  kind: QuestionnaireKind;
  warn: Warn;
}): ChoiceScoring {
  const { options, built, answer, multiple, points, kind, warn } = input;
  let indexes = options.flatMap((option, index) => (option.correct ? [index] : []));
  if (answer && answer.text !== "") {
    const named = choiceAnswer(answer.text, options);
    if (named) indexes = named;
    else {
      const letters = options.map((option, index) => option.letter ?? letterAt(index)).join("");
      warn(
        answer.line,
        `答案「${answer.text}」与选项对不上（可用 ${letters.slice(0, 8)} 或选项文字），已忽略`,
      );
    }
  }
  indexes = indexes.filter((index) => index < built.length);
  if (!multiple && indexes.length > 1) {
    warn(answer?.line ?? options[0]?.line ?? 0, "单选题只能有一个正确答案，已取第一个");
    indexes = indexes.slice(0, 1);
  }
  const optionIds = indexes.flatMap((index) => (built[index] ? [built[index].id] : []));
  if (optionIds.length > 0) {
    return { optionIds, scoring: multiple ? { mode: "allOrNothing", points } : { mode: "single", points } };
  }
  const scored = isGradedKind(kind);
  if (scored && options.some((option) => option.score !== undefined)) {
    return { optionIds, scoring: { mode: "perOption" } };
  }
  return { optionIds };
}
