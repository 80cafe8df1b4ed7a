import { TEXT_DICTIONARY_LIMITS, type TextDictionary } from "@wjgj/core";
import { chinaDateTime, iso } from "../../../clock.ts";
import type { AppContext } from "../../../context.ts";
import type { Db } from "../../../db/index.ts";
import { InvalidInputError } from "../../../errors.ts";
import type { Viewer } from "../../../http/viewer.ts";
import { resultsScope } from "../scope.ts";
import { builtInStopWords } from "./stop-words.ts";

/** A questionnaire's dictionary as segmentation and counting use it. */
export interface Dictionary {
  words: string[];
  stopWords: string[];
}

const split = (text: string) => (text === "" ? [] : text.split("\n"));

export async function dictionaryOf(
  db: Db,
  questionnaireId: number,
): Promise<Dictionary & { updatedAt: string }> {
  const row = await db
    .selectFrom("text_dictionaries")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  return row
    ? { words: split(row.words), stopWords: split(row.stopWords), updatedAt: row.updatedAt }
    : { words: [], stopWords: [], updatedAt: "" };
}

/**
 * One list as the creator typed it: items, or text with one word per line. Blank lines and repeats go; a word
 * with a space inside, or longer than 20 characters, is refused in Chinese (a pasted sentence is not a word).
 */
export function dictionaryList(value: readonly string[] | string, field: string): string[] {
  const items = typeof value === "string" ? value.split(/\r?\n/) : value;
  const words = [...new Set(items.map((item) => item.trim()).filter((item) => item !== ""))];
  if (words.some((word) => /\s/.test(word)))
    throw InvalidInputError.field(field, "textDictionaryWordInvalid");
  if (words.some((word) => [...word].length > TEXT_DICTIONARY_LIMITS.wordLength))
    throw InvalidInputError.field(field, "textDictionaryWordTooLong");
  if (words.length > TEXT_DICTIONARY_LIMITS.words)
    throw InvalidInputError.field(field, "textDictionaryTooMany");
  return words;
}

async function present(dictionary: Dictionary & { updatedAt: string }): Promise<TextDictionary> {
  return {
    words: dictionary.words,
    stopWords: dictionary.stopWords,
    builtInStopWords: (await builtInStopWords()).size,
    updatedAt: dictionary.updatedAt ? chinaDateTime(dictionary.updatedAt) : "",
  };
}

/** `statistics/getTextDictionary`: for anyone who may read the results. */
export async function getTextDictionary(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<TextDictionary> {
  await resultsScope(ctx.db, viewer, id, "view");
  return present(await dictionaryOf(ctx.db, id));
}

/**
 * `statistics/saveTextDictionary`: by those who manage the responses (every reader's clouds change with it).
 * The whole dictionary is replaced; the next analysis segments again with the new words.
 */
export async function saveTextDictionary(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; words: readonly string[] | string; stopWords: readonly string[] | string },
): Promise<TextDictionary> {
  await resultsScope(ctx.db, viewer, input.id, "manage");
  const words = dictionaryList(input.words, "words");
  const stopWords = dictionaryList(input.stopWords, "stopWords");
  const updatedAt = iso(ctx.clock.now());
  const values = { words: words.join("\n"), stopWords: stopWords.join("\n"), updatedAt };
  await ctx.db
    .insertInto("text_dictionaries")
    .values({ questionnaireId: input.id, ...values })
    .onConflict((oc) => oc.column("questionnaireId").doUpdateSet(values))
    .execute();
  return present({ words, stopWords, updatedAt });
}
