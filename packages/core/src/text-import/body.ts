import { directiveOf, optionPiecesOf, splitItems } from "./lines.ts";
import type { SourceLine } from "./scan.ts";

export interface ParsedOption {
  line: number;
  letter?: string;
  label: string;
  other?: { textRequired: boolean };
  exclusive?: boolean;
  score?: number;
  /** Marked correct in the option itself (√, （正确答案）). */
  correct?: boolean;
  bullet?: "single" | "multiple";
}

export interface ParsedBody {
  options: ParsedOption[];
  /** From 行：/列： directives, for matrices. */
  rows: SourceLine[];
  columns: SourceLine[];
  answer?: SourceLine;
  points?: number;
  description: string[];
  /** 解析： lines, the question's 答案解析. */
  explanation: SourceLine[];
}

const blankRun = /[_＿]{2,}/g;
const fillHint =
  /[（(]\s*请\s*(?:注明|说明|填写|具体说明|写明)[^)）]*[)）]|[:：]?\s*请\s*(?:注明|说明|填写)\s*$/;
const otherWords = /^(?:其他|其它|其他情况|其他方面|其他原因|其他渠道|其他\s*[:：]?)$/;
const exclusiveMark = /\s*[[【［(（]\s*(?:互斥|排他|唯一)\s*[\]】］)）]\s*/;
const correctMark = /\s*(?:[√✓✔]|[[【［(（]\s*正确(?:答案)?\s*[\]】］)）])\s*$/;
const scoreMark = /\s*[[【［(（]\s*(-?\d{1,3}(?:\.\d{1,2})?)\s*分\s*[\]】］)）]\s*$/;

/** Reads one option's label: 其他____ (fill-in), [互斥], √ (correct), （5分） (option score). */
export function optionOf(
  line: number,
  text: string,
  letter?: string,
  bullet?: "single" | "multiple",
): ParsedOption {
  let label = text;
  const option: ParsedOption = { line, label: "" };
  if (letter) option.letter = letter;
  if (bullet) option.bullet = bullet;
  if (exclusiveMark.test(label)) {
    option.exclusive = true;
    label = label.replace(exclusiveMark, " ").trim();
  }
  const score = label.match(scoreMark);
  if (score) {
    option.score = Number(score[1]);
    label = label.replace(scoreMark, "").trim();
  }
  if (correctMark.test(label) && label.replace(correctMark, "").trim() !== "") {
    option.correct = true;
    label = label.replace(correctMark, "").trim();
  }
  const textRequired = /[_＿]{2,}\s*[*＊]\s*$/.test(label);
  const hasBlank = new RegExp(blankRun.source).test(label) || fillHint.test(label);
  if (hasBlank || otherWords.test(label)) {
    option.other = { textRequired };
    label = label
      .replace(/[*＊]\s*$/, "")
      .replace(blankRun, "")
      .replace(fillHint, "")
      .replace(/[\s:：,，、]+$/, "")
      .trim();
    if (label === "") label = "其他";
  }
  option.label = label;
  return option;
}

function pointsOf(text: string): number | undefined {
  const match = text.match(/^(\d{1,3}(?:\.\d{1,2})?)\s*分?$/);
  return match ? Number(match[1]) : undefined;
}

/**
 * Classifies a question's body lines: options (lettered, bulleted, several on a line, or plain), matrix
 * 行：/列： sections, 答案：, 分值：, 说明：, 解析：. Lines after 行： or 列： on their own go to that section.
 */
export function parseBody(lines: readonly SourceLine[]): ParsedBody {
  const body: ParsedBody = { options: [], rows: [], columns: [], description: [], explanation: [] };
  let section: "options" | "rows" | "columns" = "options";
  for (const source of lines) {
    const directive = directiveOf(source.text);
    if (directive) {
      switch (directive.kind) {
        case "answer":
          body.answer = { line: source.line, text: directive.value };
          break;
        case "points": {
          const points = pointsOf(directive.value);
          if (points !== undefined) body.points = points;
          break;
        }
        case "analysis":
          if (directive.value) body.explanation.push({ line: source.line, text: directive.value });
          break;
        case "description":
          if (directive.value) body.description.push(directive.value);
          break;
        case "rows":
        case "columns": {
          const target = directive.kind === "rows" ? body.rows : body.columns;
          if (directive.value === "") section = directive.kind;
          else {
            for (const item of splitItems(directive.value)) target.push({ line: source.line, text: item });
            section = "options";
          }
          break;
        }
      }
      continue;
    }
    if (section === "rows" || section === "columns") {
      const target = section === "rows" ? body.rows : body.columns;
      for (const piece of optionPiecesOf(source.text)) target.push({ line: source.line, text: piece.text });
      continue;
    }
    for (const piece of optionPiecesOf(source.text)) {
      if (piece.text === "") continue;
      body.options.push(optionOf(source.line, piece.text, piece.letter, piece.bullet));
    }
  }
  return body;
}
