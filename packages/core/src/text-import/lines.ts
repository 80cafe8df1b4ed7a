import { parseMarkers } from "./markers.ts";

const chineseDigits: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** 一 → 1, 十二 → 12, 二十五 → 25, 一百零三 → 103; digits pass through. */
export function chineseNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text);
  let total = 0;
  let current = 0;
  for (const char of text) {
    if (char === "百") {
      total += (current || 1) * 100;
      current = 0;
    } else if (char === "十") {
      total += (current || 1) * 10;
      current = 0;
    } else {
      const digit = chineseDigits[char];
      if (digit === undefined) return undefined;
      current = digit;
    }
  }
  return total + current;
}

export interface QuestionHeader {
  number?: number;
  text: string;
  /** Written as *1. xxx: required. */
  required: boolean;
}

const numbered: RegExp[] = [
  // 1. / 1． / 1、 / 1) / 1） / 1: — a "." directly followed by a digit is a decimal (1.5万元), not a number.
  /^(\d{1,4})\s*(?:[、)）:：]|[.．](?!\d))\s*(\S.*)$/,
  /^[(（]\s*(\d{1,4})\s*[)）]\s*(\S.*)$/,
  /^[Qq]\s*(\d{1,4})\s*[.．、:：)）]?\s*(\S.*)$/,
  /^第\s*([\d一二两三四五六七八九十百零〇]{1,6})\s*题\s*[.．、:：]?\s*(\S.*)$/,
];

/** A numbered question line (1. / 1、 / 1) / (1) / Q1 / 第1题), or undefined. */
export function numberedHeaderOf(line: string): QuestionHeader | undefined {
  const starred = /^[*＊]\s*/.exec(line);
  const body = starred ? line.slice(starred[0].length) : line;
  for (const pattern of numbered) {
    const match = body.match(pattern);
    if (match?.[1] && match[2]) {
      return { number: chineseNumber(match[1]), text: match[2].trim(), required: Boolean(starred) };
    }
  }
  return undefined;
}

/** 一、基本信息 / 第二部分 工作情况 / Part 3: a section heading, imported as 段落说明. */
export function sectionOf(line: string): string | undefined {
  const listed = line.match(/^([一二三四五六七八九十]{1,3})\s*[、.．]\s*(\S.*)$/);
  if (listed?.[2]) return line;
  const part = line.match(
    /^第\s*[\d一二三四五六七八九十]{1,3}\s*(?:部分|节|章|模块)(?:\s*[:：、.．]?\s*)(.*)$/,
  );
  if (part) return line;
  return undefined;
}

export interface OptionPiece {
  /** A–Z when the line was lettered. */
  letter?: string;
  text: string;
  /** ○ (single) or □ (multiple) bullets, as 腾讯问卷 exports draw them. */
  bullet?: "single" | "multiple";
}

// "A. 男", "a、男", "A 男" (upper case only, so that English words are not taken for letters).
const letterPrefix = /^(?:([A-Za-z])\s*[.．、)）:：]|([A-Z])\s+(?=\S))\s*/;
const parenLetterPrefix = /^[(（]\s*([A-Za-z])\s*[)）]\s*/;
const singleBullets = "○◯〇●◉⚪";
const multipleBullets = "□☐■◻◼☑✅";
const bulletPrefix = new RegExp(`^([${singleBullets}${multipleBullets}]|[-•·])\\s*`);
/** A second lettered option on the same line: "A.男  B.女". */
const inlineLetters = /\s+(?=[(（]?[A-Z]\s*[.．、)）:：])/;

function pieceOf(text: string): OptionPiece {
  const letter = parenLetterPrefix.exec(text) ?? letterPrefix.exec(text);
  const name = letter?.[1] ?? letter?.[2];
  if (letter && name) return { letter: name.toUpperCase(), text: text.slice(letter[0].length).trim() };
  const bullet = bulletPrefix.exec(text);
  if (bullet?.[1]) {
    const mark = bullet[1];
    const kind = singleBullets.includes(mark)
      ? "single"
      : multipleBullets.includes(mark)
        ? "multiple"
        : undefined;
    return { text: text.slice(bullet[0].length).trim(), ...(kind ? { bullet: kind } : {}) };
  }
  return { text };
}

/** Options on one line: "A.男 B.女", "○男 ○女", or a single option. */
export function optionPiecesOf(line: string): OptionPiece[] {
  const first = pieceOf(line);
  if (first.letter) {
    const parts = line.split(inlineLetters).filter((part) => part.trim() !== "");
    if (parts.length > 1) return parts.map((part) => pieceOf(part.trim()));
    return [first];
  }
  if (first.bullet) {
    const parts = line.split(new RegExp(`\\s*(?=[${singleBullets}${multipleBullets}])`)).filter(Boolean);
    if (parts.length > 1) return parts.map((part) => pieceOf(part.trim()));
  }
  return [first];
}

export type DirectiveKind = "answer" | "points" | "analysis" | "description" | "rows" | "columns";

export interface Directive {
  kind: DirectiveKind;
  value: string;
}

const directives: [DirectiveKind, RegExp][] = [
  ["answer", /^[[【［]?\s*(?:正确答案|参考答案|标准答案|答案)\s*(?:[\]】］]\s*[:：]?|[:：])\s*(.*)$/],
  ["points", /^[[【［]?\s*(?:本题分值|分值|分数|本题分数)\s*(?:[\]】］]\s*[:：]?|[:：])\s*(.*)$/],
  ["analysis", /^[[【［]?\s*(?:答案解析|试题解析|解析|解答)\s*(?:[\]】］]\s*[:：]?|[:：])\s*(.*)$/],
  ["description", /^(?:题目说明|题目描述|说明|提示|备注)\s*[:：]\s*(.*)$/],
  ["rows", /^(?:矩阵行|行标题|行)\s*[:：]\s*(.*)$/],
  ["columns", /^(?:矩阵列|列标题|列)\s*[:：]\s*(.*)$/],
];

export function directiveOf(line: string): Directive | undefined {
  for (const [kind, pattern] of directives) {
    const match = line.match(pattern);
    if (match) return { kind, value: (match[1] ?? "").trim() };
  }
  return undefined;
}

/** Does this unnumbered line carry a question-type marker, e.g. "您的性别[单选题]"? */
export function hasTypeMarker(line: string): boolean {
  const type = parseMarkers(line).type;
  return type !== undefined && type !== "pageBreak";
}

/** Splits "满意|一般|不满意", "满意、一般", "满意 一般 不满意" into items. */
export function splitItems(text: string): string[] {
  const separator = /[|｜]/.test(text)
    ? /\s*[|｜]\s*/
    : /[、，,;；/]/.test(text)
      ? /\s*[、，,;；/]\s*/
      : /\s+/;
  return text
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}
