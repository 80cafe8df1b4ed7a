import { type Fact, personalQuestionIds, type SurveyDefinition } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { isSealed, keyringOf, type QuestionnaireKeys } from "./keyring.ts";

/**
 * What of a response is sealed at rest (issue #36): the answers to personal-information questions (姓名, 手机,
 * 身份证, 邮箱, 学号/工号, 单行文本 in those formats, 签名, 敏感文件's list) are AES-GCM under the questionnaire's data key
 * in `responses.answers`; their facts and unique values keep a keyed digest instead of the text, so equality
 * (不允许重复, repeats) stays exact while the database holds nothing readable. Everything else is as before.
 */

/**
 * Where a response's sealed personal answers live in `responses.answers`: one AES-GCM value holding them all
 * as JSON (one decryption per response whatever the number of personal questions: an export of 100,000
 * responses opens 100,000 values, not five times as many). Question ids cannot start with "~".
 */
export const SEALED_KEY = "~sealed";

/** The answers with personal values sealed, and the generation they are under (0: none; null: left plain). */
export function sealAnswers(
  keys: QuestionnaireKeys,
  personal: ReadonlySet<string>,
  answers: Readonly<Record<string, unknown>>,
): { answers: Record<string, unknown>; generation: number | null } {
  const rest: Record<string, unknown> = {};
  const sealed: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(answers)) {
    // Texts, and a 敏感文件's list of files (their names can say whose they are).
    if (personal.has(id) && (typeof value === "string" || Array.isArray(value))) sealed[id] = value;
    else rest[id] = value;
  }
  if (Object.keys(sealed).length === 0) return { answers: { ...answers }, generation: 0 };
  if (keys.generation === 0) return { answers: { ...answers }, generation: null };
  rest[SEALED_KEY] = keys.sealText(SEALED_KEY, JSON.stringify(sealed));
  return { answers: rest, generation: keys.generation };
}

/**
 * Where a verified phone kept for "once per phone" (red-packet claims, draws counted per phone) is digested:
 * `keys.digest(PHONE_PLACE, phone)`. Not a question id (those cannot start with "~").
 */
export const PHONE_PLACE = "~phone";

/**
 * A verified phone as claims and draws of a questionnaire look it up: its digest (how they keep it) first, then
 * the number itself, which rows written before the digests still hold.
 */
export function keptPhones(db: Db, questionnaireId: number, phone: string): [digest: string, plain: string] {
  return [keyringOf(db).digestAt(questionnaireId, PHONE_PLACE, phone), phone];
}

/** Stored answers (JSON) with sealed values opened: what every reader of `responses.answers` goes through. */
export function openAnswers(keys: QuestionnaireKeys, stored: string): Record<string, unknown> {
  const answers = JSON.parse(stored) as Record<string, unknown>;
  const sealed = answers[SEALED_KEY];
  if (!isSealed(sealed)) return answers;
  delete answers[SEALED_KEY];
  return Object.assign(answers, JSON.parse(keys.openText(SEALED_KEY, sealed)) as Record<string, unknown>);
}

/** Facts with the texts of personal questions replaced by their digests (and no number: 138… is one). */
export function sealFacts(
  keys: QuestionnaireKeys,
  personal: ReadonlySet<string>,
  facts: readonly Fact[],
): Fact[] {
  if (personal.size === 0 || !keys.sealing) return [...facts];
  return facts.map((fact) => {
    if (!personal.has(fact.questionId) || fact.text === undefined || fact.text === "") return fact;
    const { num: _num, ...rest } = fact;
    return { ...rest, text: keys.digest(fact.questionId, fact.text) };
  });
}

/** 不允许重复 values: a personal question's value as its digest (equal values, equal digests). */
export function sealUniques<T extends { questionId: string; value: string }>(
  keys: QuestionnaireKeys,
  personal: ReadonlySet<string>,
  uniques: readonly T[],
): T[] {
  return uniques.map((unique) =>
    personal.has(unique.questionId)
      ? { ...unique, value: keys.digest(unique.questionId, unique.value) }
      : unique,
  );
}

/** The personal questions of a definition, remembered per definition object (definitions are immutable). */
const personalCache = new WeakMap<SurveyDefinition, ReadonlySet<string>>();
export function personalOf(definition: SurveyDefinition): ReadonlySet<string> {
  let ids = personalCache.get(definition);
  if (!ids) {
    ids = personalQuestionIds(definition);
    personalCache.set(definition, ids);
  }
  return ids;
}

/**
 * Opens stored answers of one questionnaire: its keys read once, for a request or a batch of rows. Read them
 * before a transaction, not in it (SQLite has one connection: the keyring's read would wait for the transaction).
 */
export async function answersOpener(
  db: Db,
  questionnaireId: number,
): Promise<(stored: string) => Record<string, unknown>> {
  const keys = await keyringOf(db).forReading(questionnaireId);
  return (stored) => openAnswers(keys, stored);
}
