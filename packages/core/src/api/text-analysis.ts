// 文本分析 (issue #35): word frequencies, TF-IDF keywords and the 词云 of open answers, and the creator's
// dictionary. The server segments with jieba (packages/server/src/commands/results/text); the page draws the
// cloud with core's layout (../text/word-cloud.ts), so a report drawn on the server places words the same way.
import type { Question } from "../survey/definition/question.ts";
import type { ResultsFilterInput } from "./results.ts";

/** How much a creator's dictionary may hold, and how long one word may be (characters). */
export const TEXT_DICTIONARY_LIMITS = { words: 2000, stopWords: 2000, wordLength: 20 } as const;
/** How many words statistics/getWordFrequencies returns by default, and at most. */
export const WORD_FREQUENCY_TOP = { default: 100, max: 500 } as const;

const freeFormats = new Set(["none", "chinese", "english"]);

/**
 * Whether a question's answers are open text worth segmenting: 单行文本 without a format that makes it a value
 * (数字, 日期, 手机号, 邮箱…), 多行文本, 多项填空 / 横向填空, 矩阵填空, and any choice question with a 其他
 * option (its typed texts). Personal information (姓名, 手机号…) is not: it is data about the respondent, not
 * an opinion, and words of it are not for a cloud.
 */
export function textAnalysable(question: Question): boolean {
  const config = question.config as {
    format?: string;
    options?: readonly { other?: unknown }[];
  };
  switch (question.type) {
    case "text":
      return freeFormats.has(config.format ?? "none");
    case "textarea":
    case "multiBlank":
    case "inlineBlank":
    case "matrixFill":
      return true;
    default:
      return config.options?.some((option) => option.other !== undefined) ?? false;
  }
}

/**
 * The fact keys whose texts are the question's open answers: the answer itself (`text:`), blanks (`blank:`),
 * matrix cells (`cell:`) and 其他 texts (`other:`). Empty blanks are stored under `text:<q>:<blank>` with "".
 */
export const TEXT_FACT_FAMILIES = ["text", "blank", "cell", "other"] as const;

// ---------------------------------------------------------------------------------------------------------
// statistics/getWordFrequencies — POST { id, questionId, top?, filter? }

export interface WordFrequenciesInput extends ResultsFilterInput {
  questionId: string;
  /** Words of each list, 10–500 (default 100). */
  top?: number | undefined;
}

export interface WordFrequency {
  word: string;
  /** Times the word occurs in the answers. */
  count: number;
  /** Answers (responses) containing it. */
  answers: number;
  /** `answers` as a share of the analysed answers, 0–100 with one decimal. */
  percentage: number;
  /**
   * TF-IDF keyword weight: occurrences × the word's inverse document frequency in general Chinese text
   * (jieba's IDF table; words it does not know take its median), two decimals. High for words frequent here
   * and rare elsewhere, so 价格 outranks 觉得.
   */
  weight: number;
}

export interface WordFrequencies {
  questionId: string;
  /** Valid responses in the filter with a non-empty text for the question. */
  answers: number;
  /** Distinct words counted (after stop words). */
  distinctWords: number;
  /** The most frequent words, by count (ties by answers, then the word). */
  words: WordFrequency[];
  /** The strongest keywords, by TF-IDF weight. */
  keywords: WordFrequency[];
}

// ---------------------------------------------------------------------------------------------------------
// statistics/getTextDictionary — GET { id }; statistics/saveTextDictionary — POST { id, words, stopWords }

/** A questionnaire's own dictionary: words kept whole (product names, jargon) and words left out of counts. */
export interface TextDictionary {
  words: string[];
  stopWords: string[];
  /** Stop words every questionnaire starts with (的, 了, 我们…; punctuation and numbers are always left out). */
  builtInStopWords: number;
  /** China time of the last save; "" when never saved. */
  updatedAt: string;
}

export interface SaveTextDictionaryInput {
  id: number;
  /** One word per item, or text with one word per line. */
  words: string[] | string;
  stopWords: string[] | string;
}

// ---------------------------------------------------------------------------------------------------------
// 编码: statistics/getTextCodes — POST { id, questionId, filter? }; saveTextCode, deleteTextCode, tagTextAnswer

/** How many codes a question may have, and how long names and keywords may be (characters). */
export const TEXT_CODE_LIMITS = { codes: 50, nameLength: 20, keywords: 50, keywordLength: 20 } as const;

/**
 * A code (类别) of a question's open answers. An answer has it when one of its texts contains a keyword (Latin
 * letters in any case) — unless a researcher took it out by hand — or when tagged into it by hand.
 */
export interface TextCode {
  id: number;
  questionId: string;
  name: string;
  keywords: string[];
  /** Answers in the filter that have it. */
  answers: number;
  /** `answers` as a share of the analysed answers, 0–100 with one decimal. */
  percentage: number;
  /** Answers tagged by hand (into it, or out of it against its keywords). */
  manual: number;
  /** The SPSS variable it is exported and analysed as (code1, code2 … across the questionnaire). */
  variable: string;
}

export interface TextCodesResult {
  questionId: string;
  /** Valid responses in the filter with a text for the question. */
  answers: number;
  /** Of those, answers with no code. */
  uncoded: number;
  codes: TextCode[];
}

// statistics/listTextCodes — GET { id }: every code of the questionnaire (the 筛选 dialog offers them)

export interface TextCodeListItem {
  id: number;
  questionId: string;
  name: string;
}

export interface TextCodeList {
  codes: TextCodeListItem[];
}

export interface SaveTextCodeInput {
  id: number;
  questionId: string;
  /** Absent to add a code. */
  codeId?: number | undefined;
  name: string;
  /** One per item, or text with one keyword per line. */
  keywords: string[] | string;
}

export interface TagTextAnswerInput {
  id: number;
  codeId: number;
  responseId: number;
  /** true: the answer has the code; false: it has not, whatever its keywords. */
  included: boolean;
}

/**
 * A text with the Latin capitals A–Z as small letters and nothing else changed: how 编码 compares keywords, the
 * same in memory, in SQLite (whose lower() folds only these) and in PostgreSQL (translate), so a code's
 * answers are the same set wherever they are counted or filtered.
 */
export function lowerLatin(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** Whether any of `texts` contains any of `keywords` (Latin letters in any case). */
export function keywordMatch(keywords: readonly string[], texts: readonly string[]): boolean {
  if (keywords.length === 0) return false;
  const lowered = texts.map(lowerLatin);
  return keywords.some((keyword) => {
    const needle = lowerLatin(keyword);
    return needle !== "" && lowered.some((text) => text.includes(needle));
  });
}
