import type { Jieba } from "@node-rs/jieba";
import { NEW_WORDS } from "./new-words.ts";

/**
 * Chinese word segmentation for 文本分析: jieba (`@node-rs/jieba`, the Rust port with its binaries in the npm
 * package), loaded on first use — its dictionary takes a quarter of a second and some 60 MB, which a server
 * that never analyses text should not pay. One instance serves every questionnaire: a creator's own words are
 * kept whole by cutting the text at them first and giving jieba only the pieces between (`Segmenter`), rather
 * than loading them into a shared instance (they would leak into other questionnaires) or building an instance
 * per questionnaire (a quarter of a second and 60 MB each).
 *
 * Two choices, measured on the hand-marked answers of test/fixtures/text/segmentation-zh.txt (PKU standard):
 * - jieba's HMM is off. It joins runs of characters its dictionary lacks into new words, and in answers those
 *   runs are mostly two short words side by side (干多, 能快, 人干): F1 falls from 91 % to 88 % with it on. The
 *   words it would find go in a list of newer everyday words (new-words.ts: 卡顿, 闪退, 外卖…) and, for a
 *   questionnaire's products and jargon, in the creator's dictionary.
 * - jieba's dictionary mixes granularities (一个, 太慢 and 不能 are entries); `refine` splits numeral +
 *   classifier, degree adverb + one-character adjective and negation + one-character verb the way the PKU
 *   standard does (一/个, 太/慢, 不/能), so the cloud counts 慢 and 能 rather than every combination of them.
 *   Without it F1 is 78 %.
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
    const jieba = Jieba.withDict(dict);
    // As common as everyday words in jieba's dictionary (frequency 3,000: 价格 has 8,000, 卡片 1,600).
    jieba.loadDict(Buffer.from(NEW_WORDS.map((word) => `${word} 3000\n`).join("")));
    return { jieba };
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
const numberLike = /^[\p{N}.,，:：%％+\-／/]+[点时分秒日月年号天岁元块个次]?$/u;

/**
 * Whether a token may be counted at all: punctuation, spaces and numbers (3, 200, 2026-12-01, 85%, 7点, 15日)
 * never are — they are not words of an opinion, and numbers are better read in a number question's statistics.
 */
export function countable(token: string): boolean {
  const first = token.charCodeAt(0);
  // Most tokens start with an ideograph: a letter, and not a number.
  if (first >= 0x4e00 && first <= 0x9fff) return true;
  return hasLetter.test(token) && !numberLike.test(token);
}

const chineseNumeral = /^[零〇一二三四五六七八九十百千万亿两几半俩]+$/u;

/**
 * Whether a countable token is counted as a word of the answers: not a Chinese numeral (两, 十几), and not a
 * single character unless it is an evaluative adjective answers use on their own (贵, 慢, 差 — what `refine`
 * splits off 太贵, 很慢) or a custom word. A lone character is otherwise a fragment of a word jieba's dictionary
 * lacks (入职 → 入/职 without the HMM), and a cloud of fragments reads as noise.
 */
export function meaningful(word: string, custom: ReadonlySet<string>): boolean {
  if (custom.has(word)) return true;
  if (chineseNumeral.test(word)) return false;
  return word.length > 1 || MONO_ADJECTIVES.includes(word);
}

/**
 * Segments texts with a questionnaire's own words kept whole. Custom words are matched longest first at each
 * position (so 极光问卷Pro wins over 极光问卷); the text between them goes to jieba, then `refine`.
 */
export class Segmenter {
  /** Custom words by first character, longest first. */
  private readonly custom = new Map<string, string[]>();
  /** The custom words. */
  readonly words: ReadonlySet<string>;

  private constructor(
    private readonly jieba: Jieba,
    words: readonly string[],
  ) {
    this.words = new Set(words);
    for (const word of this.words) {
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

  /**
   * `text` as custom words (strings) and the stretches between them (`{ plain }`, non-empty), in order. Custom
   * words are matched longest first at each position.
   */
  private parts(text: string): (string | { plain: string })[] {
    if (this.custom.size === 0) return text === "" ? [] : [{ plain: text }];
    const parts: (string | { plain: string })[] = [];
    let start = 0;
    let i = 0;
    while (i < text.length) {
      const match = this.custom.get(text[i] as string)?.find((word) => text.startsWith(word, i));
      if (match === undefined) {
        i += 1;
        continue;
      }
      if (start < i) parts.push({ plain: text.slice(start, i) });
      parts.push(match);
      i += match.length;
      start = i;
    }
    if (start < text.length) parts.push({ plain: text.slice(start) });
    return parts;
  }

  /** Every token of `text` in order, punctuation and spaces included. */
  cut(text: string): string[] {
    return this.parts(text).flatMap((part) =>
      typeof part === "string" ? [part] : refine(this.jieba.cut(part.plain, false)),
    );
  }

  /**
   * The tokens of many texts, as `cut` gives each: the stretches jieba sees are joined by line breaks into one
   * call on jieba's own thread pool — fewer crossings into native code, and the event loop (and the database
   * read of the next batch) goes on meanwhile. A line break is a token of its own for jieba, so the tokens
   * split back by length at them; should one ever not (a text ending in "\r"), the texts are cut one by one.
   */
  async cutMany(texts: readonly string[]): Promise<string[][]> {
    const plans = texts.map((text) => this.parts(text));
    const plains = plans.flatMap((parts) =>
      parts.flatMap((part) => (typeof part === "string" ? [] : [part.plain])),
    );
    if (plains.length === 0) return plans.map((parts) => parts as string[]);
    const tokens = (await this.jieba.cutAsync(plains.join("\n"), false)) as string[];
    const pieces = splitAt(tokens, plains);
    if (!pieces) return texts.map((text) => this.cut(text));
    let next = 0;
    return plans.map((parts) =>
      parts.flatMap((part) => (typeof part === "string" ? [part] : refine(pieces[next++] as string[]))),
    );
  }
}

/** jieba's tokens of `plains` joined by "\n", split back into each one's tokens; null if a token crosses a join. */
function splitAt(tokens: readonly string[], plains: readonly string[]): string[][] | null {
  const pieces: string[][] = [[]];
  let k = 0;
  let used = 0;
  for (const token of tokens) {
    const length = (plains[k] as string).length;
    if (used === length && token === "\n" && k + 1 < plains.length) {
      k += 1;
      used = 0;
      pieces.push([]);
      continue;
    }
    if (used + token.length > length) return null;
    (pieces[k] as string[]).push(token);
    used += token.length;
  }
  return k === plains.length - 1 && used === (plains[k] as string).length ? pieces : null;
}

/** Numeral (or 这/那/每/上…) + classifier entries to split: 一个, 三天, 这次, 上个月, 十分钟. */
const NUMERAL_CLASSIFIER =
  /^(第?[零〇一二三四五六七八九十百千万两几半俩]+|[这那哪每某上下])(个月|分钟|小时|秒钟|星期|点钟|[个次天年月周位件块条张元本家节层份号岁遍句步间圈楼种批顿场趟声回斤米台辆颗片杯碗瓶套名项章页堂届期])$/u;
/** Such entries that are words in their own right (this one, every day, a while, alike, together…). */
const NUMERAL_WORDS = new Set(
  "这个 那个 哪个 每天 每年 每月 每周 半天 上次 下次 一样 一起 一些 一下 一点 一定 一般 一直 一切 一共 一边 一面 一致 一半 上面 下面 个人 这种".split(
    " ",
  ),
);
/** Degree adverbs, and the one-character adjectives they attach to in jieba's entries (太慢, 很差, 挺贵). */
const DEGREE = "太很挺更最真好";
const MONO_ADJECTIVES =
  "慢多少贵大小差难冷热早晚久快好高低长短远近累忙吵挤乱脏油咸淡棒强弱烦硬软甜辣苦酸香臭亮暗新旧旺稳准细粗薄厚宽窄深浅重轻松紧干湿";
const DEGREE_WORDS = new Set("最好 最后 最近 最初 最终 太太 好多 好少 很多".split(" "));
/** Negations, and the one-character verbs and adjectives they attach to in jieba's entries (不能, 没发). */
const NEGATION = "不没";
const NEGATED = "能会到了好是全高通准行够对多少大快慢涨发退给来去说做看让动清见上下完得想用敢肯";
const NEGATION_WORDS = new Set(
  "不错 不过 不用 不如 不必 不断 不足 不少 不但 不管 不仅 不然 不久 不得 不满 没事 没用 没法 没空 没错 不行 不对 不要 没有 不想".split(
    " ",
  ),
);

/**
 * jieba's tokens at the PKU standard's granularity: numeral + classifier, degree adverb + adjective and
 * negation + verb entries split (一/个, 太/慢, 不/能) unless lexicalised (一些, 最好, 不错); a number and the
 * time unit after it joined (7点, 15日), as PKU marks times.
 */
export function refine(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    const numeral = NUMERAL_WORDS.has(token) ? null : NUMERAL_CLASSIFIER.exec(token);
    if (numeral) {
      out.push(numeral[1] as string);
      if (numeral[2] === "个月") out.push("个", "月");
      else out.push(numeral[2] as string);
      continue;
    }
    const [first = "", second = ""] = token;
    if (
      token.length === 2 &&
      DEGREE.includes(first) &&
      MONO_ADJECTIVES.includes(second) &&
      !DEGREE_WORDS.has(token)
    ) {
      out.push(first, second);
      continue;
    }
    if (
      token.length === 2 &&
      NEGATION.includes(first) &&
      NEGATED.includes(second) &&
      !NEGATION_WORDS.has(token)
    ) {
      out.push(first, second);
      continue;
    }
    const last = out[out.length - 1];
    if (last !== undefined && /^[0-9]+$/.test(last) && /^[点时月日年号]/.test(token)) {
      out[out.length - 1] = last + first;
      if (token.length > 1) out.push(token.slice(1));
      continue;
    }
    out.push(token);
  }
  return out;
}
