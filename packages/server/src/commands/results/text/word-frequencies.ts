import {
  type FactPredicate,
  type ResultsFilter,
  textAnalysable,
  WORD_FREQUENCY_TOP,
  type WordFrequencies,
  type WordFrequency,
} from "@wjgj/core";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/index.ts";
import { InvalidInputError } from "../../../errors.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { IndexPreparingError, resultsIndex } from "../fact-bitset-cache.ts";
import { responseSet } from "../fact-bitset-query.ts";
import { filteredSet, type ResponseSet } from "../filter.ts";
import { findQuestion, resultsScope } from "../scope.ts";
import { type CorpusCounts, filteredTexts, TextTokenizer, textCorpusCache } from "./corpus.ts";
import { type Dictionary, dictionaryOf } from "./dictionary.ts";
import { type Idf, loadIdf, Segmenter, wordKey } from "./segmenter.ts";
import { builtInStopWords } from "./stop-words.ts";

export interface WordFrequenciesRequest {
  id: number;
  questionId: string;
  top?: number | undefined;
  filter: ResultsFilter;
}

/**
 * `statistics/getWordFrequencies`: the words of a question's open answers over the filtered valid responses —
 * the most frequent and the strongest TF-IDF keywords — for the 词云 and the frequency table. Segmented once
 * per question and kept by the results index's positions (corpus.ts); while the index of a large questionnaire
 * is still being prepared, the filtered rows are read and segmented for this request instead.
 */
export async function getWordFrequencies(
  ctx: AppContext,
  viewer: Viewer,
  input: WordFrequenciesRequest,
): Promise<WordFrequencies> {
  const { definition } = await resultsScope(ctx.db, viewer, input.id, "view");
  const question = findQuestion(definition, input.questionId);
  if (!textAnalysable(question)) throw InvalidInputError.field("questionId", "textNotAnalysable");
  const { set, predicate } = filteredSet(ctx.dialect, definition, input);
  const dictionary = await dictionaryOf(ctx.db, input.id);
  const [segmenter, idf, builtIn] = await Promise.all([
    Segmenter.create(dictionary.words),
    loadIdf(),
    builtInStopWords(),
  ]);
  let counts: CorpusCounts;
  try {
    const index = await resultsIndex(ctx).ready(ctx.db, ctx.dialect, input.id);
    const selected = await responseSet(
      { db: ctx.db, dialect: ctx.dialect, questionnaireId: input.id, index },
      input.filter,
      predicate,
    );
    counts = await textCorpusCache(ctx.db).count(
      ctx.db,
      input.id,
      question.id,
      segmenter,
      dictionary.words.join("\n"),
      index,
      selected,
    );
  } catch (error) {
    if (!(error instanceof IndexPreparingError)) throw error;
    counts = await countFromRows(ctx.db, set, predicate, question.id, segmenter);
  }
  return {
    questionId: question.id,
    ...rank(counts, stopWordsOf(builtIn, dictionary), idf, input.top ?? WORD_FREQUENCY_TOP.default),
  };
}

/** The stop words a questionnaire's counts leave out: the built-in ones and its own, less its custom words. */
export function stopWordsOf(builtIn: ReadonlySet<string>, dictionary: Dictionary): Set<string> {
  const custom = new Set(dictionary.words.map(wordKey));
  return new Set([...builtIn, ...dictionary.stopWords.map(wordKey)].filter((word) => !custom.has(word)));
}

/** The filtered responses' texts of a question read and counted for one request (no corpus kept). */
export async function countFromRows(
  db: Db,
  set: ResponseSet,
  predicate: FactPredicate | null,
  questionId: string,
  segmenter: Segmenter,
): Promise<CorpusCounts> {
  const grouped = await filteredTexts(db, set, predicate, questionId);
  return countTexts(
    new TextTokenizer(segmenter),
    grouped.flatMap(({ responseId, texts }) => texts.map((text) => ({ responseId, text }))),
  );
}

/**
 * Word counts of texts read for one request (`responseId` ascending): the path the corpus replaces, kept for an
 * index still being prepared and as the tests' reference.
 */
export function countTexts(
  tokenizer: TextTokenizer,
  rows: readonly { responseId: number; text: string | null }[],
): CorpusCounts {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const counts: number[] = [];
  const documents: number[] = [];
  const last: number[] = [];
  let answers = 0;
  let previous = -1;
  for (const row of rows) {
    if (row.responseId !== previous) {
      answers += 1;
      previous = row.responseId;
    }
    for (const word of tokenizer.words(row.text ?? "")) {
      const key = wordKey(word);
      let id = ids.get(key);
      if (id === undefined) {
        id = words.length;
        ids.set(key, id);
        words.push(word);
        counts.push(0);
        documents.push(0);
        last.push(-1);
      }
      counts[id] = (counts[id] as number) + 1;
      if (last[id] !== row.responseId) {
        last[id] = row.responseId;
        documents[id] = (documents[id] as number) + 1;
      }
    }
  }
  return { answers, words, counts: Uint32Array.from(counts), documents: Uint32Array.from(documents) };
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** The top words by count and by TF-IDF weight, stop words left out. */
export function rank(
  counts: CorpusCounts,
  stop: ReadonlySet<string>,
  idf: Idf,
  top: number,
): Omit<WordFrequencies, "questionId"> {
  const candidates: WordFrequency[] = [];
  for (let id = 0; id < counts.words.length; id += 1) {
    const count = counts.counts[id] as number;
    if (count === 0) continue;
    const word = counts.words[id] as string;
    const key = wordKey(word);
    if (stop.has(key)) continue;
    const answers = counts.documents[id] as number;
    candidates.push({
      word,
      count,
      answers,
      percentage: counts.answers > 0 ? round((100 * answers) / counts.answers, 1) : 0,
      weight: round(count * idf.of(key), 2),
    });
  }
  const byWord = (a: WordFrequency, b: WordFrequency) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0);
  const words = candidates
    .slice()
    .sort((a, b) => b.count - a.count || b.answers - a.answers || byWord(a, b))
    .slice(0, top);
  const keywords = candidates
    .sort((a, b) => b.weight - a.weight || b.count - a.count || byWord(a, b))
    .slice(0, top);
  return { answers: counts.answers, distinctWords: candidates.length, words, keywords };
}
