import type { Jieba } from "@node-rs/jieba";

/**
 * Chinese word segmentation for 文本分析: jieba (`@node-rs/jieba`, the Rust port with its binaries in the npm
 * package), loaded on first use — its dictionary takes a quarter of a second and some 60 MB, which a server
 * that never analyses text should not pay. One instance serves every questionnaire: a creator's own words are
 * kept whole by cutting the text at them first and giving jieba only the pieces between (`Segmenter`), rather
 * than loading them into a shared instance (they would leak into other questionnaires) or building an instance
 * per questionnaire (a quarter of a second and 60 MB each).
 */
interface Loaded {
  jieba: Jieba;
}

let loading: Promise<Loaded> | undefined;

function load(): Promise<Loaded> {
  loading ??= (async () => {
    const [{ Jieba }, { dict }] = await Promise.all([
      import("@node-rs/jieba"),
      import("@node-rs/jieba/dict.js"),
    ]);
    return { jieba: Jieba.withDict(dict) };
  })();
  return loading;
}

let idfLoading: Promise<Idf> | undefined;

/** jieba's table of inverse document frequencies in general Chinese text, for TF-IDF keyword weights. */
export interface Idf {
  of(word: string): number;
}

/** The IDF table, parsed on first use ("word idf" per line); unknown words take the median, as jieba does. */
export function loadIdf(): Promise<Idf> {
  idfLoading ??= (async () => {
    const { idf } = await import("@node-rs/jieba/dict.js");
    const table = new Map<string, number>();
    const values: number[] = [];
    for (const line of Buffer.from(idf).toString("utf8").split("\n")) {
      const space = line.lastIndexOf(" ");
      if (space <= 0) continue;
      const value = Number(line.slice(space + 1));
      if (!Number.isFinite(value)) continue;
      table.set(line.slice(0, space), value);
      values.push(value);
    }
    values.sort((a, b) => a - b);
    const median = values[values.length >> 1] ?? 1;
    return { of: (word: string) => table.get(word) ?? median };
  })();
  return idfLoading;
}

/** The key a token is counted under: Latin letters in lower case (App, APP and app are one word). */
export function wordKey(token: string): string {
  return /[A-Z]/.test(token) ? token.toLowerCase() : token;
}

const hasLetter = /[\p{L}\p{N}]/u;
const numberLike = /^[\p{N}.,，:：%％+\-／/]+$/u;

/**
 * Whether a token may be counted at all: punctuation, spaces and numbers (3, 200, 2026-12-01, 85%) never are —
 * they are not words of an opinion, and numbers are better read in a number question's statistics.
 */
export function countable(token: string): boolean {
  return hasLetter.test(token) && !numberLike.test(token);
}

/**
 * Segments texts with a questionnaire's own words kept whole. Custom words are matched longest first at each
 * position (so 极光问卷Pro wins over 极光问卷); the text between them goes to jieba with its HMM for words the
 * dictionary lacks.
 */
export class Segmenter {
  /** Custom words by first character, longest first. */
  private readonly custom = new Map<string, string[]>();

  private constructor(
    private readonly jieba: Jieba,
    words: readonly string[],
  ) {
    for (const word of new Set(words)) {
      if (word === "") continue;
      const first = word[0] as string;
      const list = this.custom.get(first) ?? [];
      list.push(word);
      this.custom.set(first, list);
    }
    for (const list of this.custom.values()) list.sort((a, b) => b.length - a.length);
  }

  /** A segmenter keeping `words` whole (loads jieba on first use). */
  static async create(words: readonly string[] = []): Promise<Segmenter> {
    const { jieba } = await load();
    return new Segmenter(jieba, words);
  }

  /** Every token of `text` in order, punctuation and spaces included (what jieba returns). */
  cut(text: string): string[] {
    if (this.custom.size === 0) return this.jieba.cut(text, true);
    const tokens: string[] = [];
    let start = 0;
    let i = 0;
    while (i < text.length) {
      const candidates = this.custom.get(text[i] as string);
      const match = candidates?.find((word) => text.startsWith(word, i));
      if (match === undefined) {
        i += 1;
        continue;
      }
      if (start < i) for (const token of this.jieba.cut(text.slice(start, i), true)) tokens.push(token);
      tokens.push(match);
      i += match.length;
      start = i;
    }
    if (start < text.length) for (const token of this.jieba.cut(text.slice(start), true)) tokens.push(token);
    return tokens;
  }
}
