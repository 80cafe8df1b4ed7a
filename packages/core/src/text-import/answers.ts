import type { ParsedOption } from "./body.ts";

const truthy = new Set(["对", "正确", "√", "✓", "✔", "T", "TRUE", "是", "Y", "YES", "V"]);
const falsy = new Set(["错", "错误", "×", "✗", "✘", "X", "F", "FALSE", "否", "N", "NO"]);

/** Letter of the nth option when the text did not letter them. */
export function letterAt(index: number): string {
  return String.fromCharCode(65 + index);
}

function indexByLetter(options: readonly ParsedOption[], letter: string): number {
  const lettered = options.findIndex((option) => option.letter === letter);
  if (lettered >= 0) return lettered;
  if (options.some((option) => option.letter)) return -1;
  const index = letter.charCodeAt(0) - 65;
  return index < options.length ? index : -1;
}

/**
 * Which options an answer names: letters (B, A、C, AC), or labels (北京; 苹果、香蕉). Undefined when it
 * names something that is not an option, so the caller can warn.
 */
export function choiceAnswer(answer: string, options: readonly ParsedOption[]): number[] | undefined {
  const compact = answer.replace(/[\s、,，;；/|和及]+/g, "");
  if (/^[A-Za-z]{1,26}$/.test(compact)) {
    const indexes = [...compact.toUpperCase()].map((letter) => indexByLetter(options, letter));
    if (indexes.every((index) => index >= 0)) return [...new Set(indexes)];
  }
  const labels = answer
    .split(/[、,，;；/|]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  const indexes = labels.map((label) => options.findIndex((option) => option.label === label));
  if (indexes.length > 0 && indexes.every((index) => index >= 0)) return [...new Set(indexes)];
  return undefined;
}

/** 判断题: 对/错, 正确/错误, √/×, T/F, or A/B, or one of the two labels. Index 0 or 1. */
export function trueFalseAnswer(answer: string, labels: readonly [string, string]): 0 | 1 | undefined {
  const text = answer.trim().toUpperCase();
  if (text === labels[0].toUpperCase()) return 0;
  if (text === labels[1].toUpperCase()) return 1;
  if (truthy.has(text) || text === "A") return 0;
  if (falsy.has(text) || text === "B") return 1;
  return undefined;
}

/** Accepted answers of a fill-in: 北京/北京市, 北京|北京市, 北京 或 北京市. */
export function acceptedAnswers(answer: string): string[] {
  return answer
    .split(/\s*(?:[/|｜]|或者|或)\s*/)
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Answers per blank: 北京；长江 / 北京、长江 / (1)北京 (2)长江. */
export function blankAnswers(answer: string): string[][] {
  const parts = answer
    .split(/\s*(?:[;；、,，]|\s{2,}|[(（]\d+[)）])\s*/)
    .map((item) => item.trim())
    .filter(Boolean);
  return parts.map(acceptedAnswers);
}

const inlineAnswer = /[(（]\s*([A-Z]{1,8}|[√×✓✗]|对|错|正确|错误)\s*[)）]/g;

/**
 * An answer written into the stem, as exam papers do: "火警电话是（B）。" → B, and the stem keeps an empty
 * （ ）. Only the last such group counts.
 */
export function inlineAnswerOf(title: string): { answer: string; title: string } | undefined {
  const matches = [...title.matchAll(inlineAnswer)];
  const last = matches.at(-1);
  if (!last?.[1] || last.index === undefined) return undefined;
  const before = title.slice(0, last.index);
  const after = title.slice(last.index + last[0].length);
  return { answer: last[1], title: `${before}（  ）${after}`.trim() };
}
