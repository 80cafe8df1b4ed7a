import type { FactPredicate } from "@wjgj/core";
import { isTextKey } from "@wjgj/core/text/answer-texts";
import type { Db } from "../../../db/index.ts";
import type { Bitset } from "../bitset.ts";
import type { FactBitsets } from "../fact-bitsets.ts";
import { type ResponseSet, responsesIn } from "../filter.ts";
import { grown, PerKeyQueue, positionsOf, samePositions } from "../positions.ts";
import { countable, meaningful, type Segmenter, wordKey } from "./segmenter.ts";

/**
 * The open answers of one question, segmented once and kept as word ids per response: positions follow the
 * questionnaire's results index (every response, any status, in id order), so a request's filter is the
 * index's own bitset and counting words is a pass over integers. New responses are appended by position;
 * a changed custom dictionary or a moved index starts over; stop words are applied when counting (editing
 * them segments nothing again).
 */
interface Corpus {
  /** The custom words the texts were segmented with. */
  signature: string;
  index: FactBitsets;
  ids: Uint32Array;
  size: number;
  /** Words of position p: terms[offsets[p]] … terms[offsets[p + 1] − 1] (offsets has room for size + 1). */
  offsets: Uint32Array;
  terms: Uint32Array;
  /** 1 where the response has a non-empty text for the question. */
  answered: Uint8Array;
  /** Each word id's display form (as first written) and its count key. */
  words: string[];
  termIds: Map<string, number>;
  bytes: number;
}

/** Word counts over the selected responses: per word id, occurrences and responses containing it. */
export interface CorpusCounts {
  answers: number;
  words: readonly string[];
  counts: Uint32Array;
  documents: Uint32Array;
}

/** Room every question's corpus may take together (least recently used go first). */
export const DEFAULT_CORPUS_BYTES = 128 * 1024 * 1024;
/** Responses per query while texts are read. */
const READ_BATCH = 5000;

/**
 * The texts of the question's responses `ids[from]` … `ids[to − 1]` (ascending ids), in id order: one entry per
 * response that has any, its parts (blanks, cells, 其他 texts) in key order. Read by ranges of those ids —
 * not LIMIT, so a response's parts never straddle two batches, and not fixed id steps, which a questionnaire
 * whose ids are spread among others' would turn into many empty queries.
 */
export async function* questionTexts(
  db: Db,
  questionnaireId: number,
  questionId: string,
  ids: ArrayLike<number>,
  from: number,
  to: number,
): AsyncGenerator<ResponseTexts[]> {
  for (let start = from; start < to; start += READ_BATCH) {
    const end = Math.min(to, start + READ_BATCH);
    const rows = await db
      .selectFrom("response_facts")
      .select(["responseId", "key", "text"])
      .where("questionnaireId", "=", questionnaireId)
      .where("responseId", ">=", ids[start] as number)
      .where("responseId", "<=", ids[end - 1] as number)
      .where("questionId", "=", questionId)
      .where("text", "is not", null)
      .where("text", "<>", "")
      .orderBy("responseId")
      .orderBy("key")
      .execute();
    const batch = groupTexts(rows);
    if (batch.length > 0) yield batch;
  }
}

/** One response's texts of a question: its parts (blanks, cells, 其他 texts) in key order. */
export interface ResponseTexts {
  responseId: number;
  texts: string[];
}

/** Text facts of one question, in response-id order, grouped per response (non-text keys left out). */
function groupTexts(
  rows: readonly { responseId: number; key: string; text: string | null }[],
): ResponseTexts[] {
  const grouped: ResponseTexts[] = [];
  for (const row of rows) {
    if (!isTextKey(row.key)) continue;
    const last = grouped[grouped.length - 1];
    if (last?.responseId === row.responseId) last.texts.push(row.text ?? "");
    else grouped.push({ responseId: row.responseId, texts: [row.text ?? ""] });
  }
  return grouped;
}

/**
 * The texts of a question over a filtered response set, read for one request: what 词频 reads while the index is
 * being prepared (and the report), and what 编码 counts.
 */
export async function filteredTexts(
  db: Db,
  set: ResponseSet,
  predicate: FactPredicate | null,
  questionId: string,
): Promise<ResponseTexts[]> {
  const rows = await db
    .selectFrom("response_facts")
    .select(["responseId", "key", "text"])
    .where("questionnaireId", "=", set.questionnaireId)
    .where("questionId", "=", questionId)
    .where("text", "is not", null)
    .where("text", "<>", "")
    .where("responseId", "in", responsesIn(db, set, predicate).select("responses.id"))
    .orderBy("responseId")
    .orderBy("key")
    .execute();
  return groupTexts(rows);
}

/** The words of a text's tokens that count (`countable` and `meaningful`), trimmed. */
function countableWords(tokens: readonly string[], custom: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (const token of tokens) {
    const word = token.trim();
    if (word !== "" && countable(word) && meaningful(word, custom)) words.push(word);
  }
  return words;
}

/** Texts remembered at most (short answers repeat: 无, 没有, 很好; long ones rarely do). */
const MEMO_TEXTS = 200_000;

/** Segments texts into countable words (keys are `wordKey` of them), remembering repeated texts. */
export class TextTokenizer {
  private readonly memo = new Map<string, readonly string[]>();

  constructor(private readonly segmenter: Segmenter) {}

  /** The countable words of one text, in order, as written. */
  words(text: string): readonly string[] {
    let words = this.memo.get(text);
    if (words === undefined) {
      words = countableWords(this.segmenter.cut(text), this.segmenter.words);
      if (this.memo.size < MEMO_TEXTS) this.memo.set(text, words);
    }
    return words;
  }

  /** The words of many texts, the ones not seen before segmented in one batch (`Segmenter.cutMany`). */
  async wordsMany(texts: readonly string[]): Promise<(readonly string[])[]> {
    const fresh = [...new Set(texts.filter((text) => !this.memo.has(text)))];
    const cut = fresh.length > 0 ? await this.segmenter.cutMany(fresh) : [];
    const found = new Map(
      fresh.map((text, i) => [text, countableWords(cut[i] as string[], this.segmenter.words)]),
    );
    for (const [text, words] of found) if (this.memo.size < MEMO_TEXTS) this.memo.set(text, words);
    return texts.map((text) => this.memo.get(text) ?? (found.get(text) as string[]));
  }
}

export class TextCorpusCache {
  private readonly entries = new Map<string, Corpus>();
  private readonly queue = new PerKeyQueue<string>();

  constructor(private readonly limitBytes = DEFAULT_CORPUS_BYTES) {}

  /**
   * Word counts of the question's answers over the responses of `set` (positions of `index`), segmented with
   * `segmenter` (whose custom words are `signature`).
   */
  async count(
    db: Db,
    questionnaireId: number,
    questionId: string,
    segmenter: Segmenter,
    signature: string,
    index: FactBitsets,
    set: Bitset,
  ): Promise<CorpusCounts> {
    const key = `${questionnaireId}:${questionId}`;
    return this.queue.run(key, async () => {
      const corpus = await this.sync(
        db,
        key,
        questionnaireId,
        questionId,
        segmenter,
        signature,
        index,
        set.size,
      );
      return countCorpus(corpus, set);
    });
  }

  bytes(): number {
    let total = 0;
    for (const corpus of this.entries.values()) total += corpus.bytes;
    return total;
  }

  private async sync(
    db: Db,
    key: string,
    questionnaireId: number,
    questionId: string,
    segmenter: Segmenter,
    signature: string,
    index: FactBitsets,
    size: number,
  ): Promise<Corpus> {
    let corpus = this.entries.get(key);
    this.entries.delete(key);
    if (
      corpus &&
      (corpus.signature !== signature || !samePositions(corpus.index, corpus.ids, corpus.size, index))
    )
      corpus = undefined;
    corpus ??= {
      signature,
      index,
      ids: new Uint32Array(0),
      size: 0,
      offsets: new Uint32Array(1),
      terms: new Uint32Array(0),
      answered: new Uint8Array(0),
      words: [],
      termIds: new Map(),
      bytes: 0,
    };
    corpus.index = index;
    if (corpus.size < size) await append(db, corpus, questionnaireId, questionId, segmenter, index, size);
    this.entries.set(key, corpus);
    this.evict(key);
    return corpus;
  }

  private evict(keep: string): void {
    let total = this.bytes();
    for (const [key, corpus] of this.entries) {
      if (total <= this.limitBytes) break;
      if (key === keep) continue;
      this.entries.delete(key);
      total -= corpus.bytes;
    }
  }
}

/** Segments the responses at positions size…to−1 into the corpus. */
async function append(
  db: Db,
  corpus: Corpus,
  questionnaireId: number,
  questionId: string,
  segmenter: Segmenter,
  index: FactBitsets,
  to: number,
): Promise<void> {
  const from = corpus.size;
  corpus.ids = grown(corpus.ids, to);
  for (let p = from; p < to; p += 1) corpus.ids[p] = index.idAt(p);
  corpus.offsets = grown(corpus.offsets, to + 1);
  corpus.answered = grown(corpus.answered, to);
  corpus.answered.fill(0, from, to);
  const ids = corpus.ids;
  const tokenizer = new TextTokenizer(segmenter);
  let length = corpus.offsets[from] as number;
  let position = from;
  const closeUpTo = (end: number) => {
    for (; position < end; position += 1) corpus.offsets[position + 1] = length;
  };
  const store = (batch: { responseId: number; texts: string[] }[], words: (readonly string[])[]) => {
    let next = 0;
    for (const { responseId, texts } of batch) {
      // Positions without texts (and responses the index does not hold yet) get no words.
      while (position < to && (ids[position] as number) < responseId) closeUpTo(position + 1);
      if (position >= to || ids[position] !== responseId) {
        next += texts.length;
        continue;
      }
      corpus.answered[position] = 1;
      for (let t = 0; t < texts.length; t += 1) {
        const list = words[next++] as readonly string[];
        corpus.terms = grown(corpus.terms, length + list.length);
        for (const word of list) corpus.terms[length++] = termOf(corpus, word);
      }
      closeUpTo(position + 1);
    }
  };
  // Each batch is segmented on jieba's threads while the next is read (two batches at most in hand), and
  // stored in order.
  let stored: Promise<void> = Promise.resolve();
  for await (const batch of questionTexts(db, questionnaireId, questionId, ids, from, to)) {
    const words = tokenizer.wordsMany(batch.flatMap((response) => response.texts));
    await stored;
    stored = words.then((list) => store(batch, list));
    // Awaited at the next batch or the end; handled meanwhile, so a failure is not an unhandled rejection.
    stored.catch(() => undefined);
  }
  await stored;
  closeUpTo(to);
  corpus.size = to;
  corpus.bytes =
    corpus.ids.byteLength + corpus.offsets.byteLength + corpus.terms.byteLength + corpus.answered.byteLength;
}

function termOf(corpus: Corpus, word: string): number {
  const key = wordKey(word);
  let id = corpus.termIds.get(key);
  if (id === undefined) {
    id = corpus.words.length;
    corpus.words.push(word);
    corpus.termIds.set(key, id);
  }
  return id;
}

function countCorpus(corpus: Corpus, set: Bitset): CorpusCounts {
  const vocabulary = corpus.words.length;
  const counts = new Uint32Array(vocabulary);
  const documents = new Uint32Array(vocabulary);
  const last = new Int32Array(vocabulary).fill(-1);
  const { offsets, terms, answered } = corpus;
  let answers = 0;
  const positions = positionsOf(set);
  for (let i = 0; i < positions.length; i += 1) {
    const p = positions[i] as number;
    if (p >= corpus.size) break;
    answers += answered[p] as number;
    const end = offsets[p + 1] as number;
    for (let k = offsets[p] as number; k < end; k += 1) {
      const term = terms[k] as number;
      counts[term] = (counts[term] as number) + 1;
      if (last[term] !== p) {
        last[term] = p;
        documents[term] = (documents[term] as number) + 1;
      }
    }
  }
  return { answers, words: corpus.words, counts, documents };
}

const caches = new WeakMap<Db, TextCorpusCache>();

/** The corpus cache of one database handle (each app, and each test app, has its own). */
export function textCorpusCache(db: Db): TextCorpusCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new TextCorpusCache();
    caches.set(db, cache);
  }
  return cache;
}
