import { type ExamCandidateSelf, maskPersonalValue } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db, Trx } from "../../db/index.ts";
import { isSealed, keyringOf, type QuestionnaireKeys } from "../privacy/keyring.ts";

/**
 * 考生名单 of an exam (issue #40): name, number and phone sealed under the questionnaire's data key when
 * personal-data encryption is on (place `~candidate`), looked up by keyed digests of the normalised number and
 * phone (the values themselves when it is off). Everything that reads a candidate opens it here.
 */
export const CANDIDATE_PLACE = "~candidate";
export const CANDIDATE_NUMBER_PLACE = "~candidate-number";
export const CANDIDATE_PHONE_PLACE = "~candidate-phone";
/** The most candidates one exam's list holds. */
export const MAX_CANDIDATES = 10_000;
/** The longest name and number kept (characters). */
export const CANDIDATE_TEXT_MAX = 50;

/** Full-width forms to half-width (NFKC), trimmed: what a pasted 准考证号 or a phone keyboard gives. */
const plain = (text: string) => text.normalize("NFKC").trim();

/** A name or number as kept: half-width and trimmed (the stored form, shown back as typed otherwise). */
export const cleanText = plain;

/** A 准考证号 as typed: half-width, without spaces, case-insensitive (upper case). */
export function normaliseNumber(number: string): string {
  return plain(number).replace(/\s+/g, "").toUpperCase();
}

/** A name as compared: half-width, without any spaces (「张 三」 is 「张三」). */
export function normaliseName(name: string): string {
  return plain(name).replace(/\s+/g, "");
}

/** A mainland mobile number (11 digits starting with 1, an optional +86 and separators dropped), or null. */
export function normalisePhone(phone: string): string | null {
  const digits = plain(phone)
    .replace(/[\s-]/g, "")
    .replace(/^\+?86(?=1\d{10}$)/, "");
  return /^1\d{10}$/.test(digits) ? digits : null;
}

/** A candidate's values as stored: sealed when the questionnaire's keys seal, with the lookup digests. */
export function storedCandidate(
  keys: QuestionnaireKeys,
  candidate: { name: string; number: string; phone: string },
): { name: string; number: string; phone: string; numberDigest: string; phoneDigest: string | null } {
  const seal = (text: string) => (keys.sealing && text !== "" ? keys.sealText(CANDIDATE_PLACE, text) : text);
  return {
    name: seal(candidate.name),
    number: seal(candidate.number),
    phone: seal(candidate.phone),
    numberDigest: numberDigest(keys, candidate.number),
    phoneDigest: candidate.phone === "" ? null : phoneDigest(keys, candidate.phone),
  };
}

export const numberDigest = (keys: QuestionnaireKeys, number: string) =>
  keys.digest(CANDIDATE_NUMBER_PLACE, normaliseNumber(number));
export const phoneDigest = (keys: QuestionnaireKeys, phone: string) =>
  keys.digest(CANDIDATE_PHONE_PLACE, phone);

/** A stored value opened (values written with encryption off are plain). */
export function openValue(keys: QuestionnaireKeys, value: string): string {
  return isSealed(value) ? keys.openText(CANDIDATE_PLACE, value) : value;
}

export interface OpenedCandidate {
  id: number;
  name: string;
  number: string;
  phone: string;
}

/** Stored candidate rows opened with the questionnaire's keys (read before any transaction). */
export async function openCandidates(
  db: Db,
  questionnaireId: number,
  rows: readonly { id: number; name: string; number: string; phone: string }[],
): Promise<OpenedCandidate[]> {
  if (rows.length === 0) return [];
  const keys = await keyringOf(db).forReading(questionnaireId);
  return rows.map((row) => ({
    id: row.id,
    name: openValue(keys, row.name),
    number: openValue(keys, row.number),
    phone: openValue(keys, row.phone),
  }));
}

/** One candidate of the exam, opened (unmasked: the candidate's own header and watermark); null when gone. */
export async function openCandidate(
  ctx: Pick<AppContext, "db">,
  questionnaireId: number,
  candidateId: number,
): Promise<ExamCandidateSelf | null> {
  const row = await ctx.db
    .selectFrom("exam_candidates")
    .select(["id", "name", "number", "phone"])
    .where("questionnaireId", "=", questionnaireId)
    .where("id", "=", candidateId)
    .executeTakeFirst();
  if (!row) return null;
  const [opened] = await openCandidates(ctx.db, questionnaireId, [row]);
  return opened ? { name: opened.name, number: opened.number } : null;
}

/**
 * The candidate's fields are masked as the same personal fields of an answer are everywhere else (core's
 * maskPersonalValue): 张** for a name, the last four characters of a number (****0101), 138****0000 for a phone.
 */
const NAME = { type: "personal", config: { preset: "name" } };
const MOBILE = { type: "personal", config: { preset: "mobile" } };
const OTHER = { type: "single-line", config: {} };

export const maskName = (name: string): string => maskPersonalValue(NAME, name);
export const maskNumber = (number: string): string => maskPersonalValue(OTHER, number);
export const maskCandidatePhone = (phone: string): string => maskPersonalValue(MOBILE, phone);

/** Masked name and number of candidates (the invigilator's live page), by candidate id. */
export function maskedCandidates(
  ctx: Pick<AppContext, "db">,
  questionnaireId: number,
  candidateIds: readonly number[],
): Promise<Map<number, { name: string; number: string }>> {
  return candidatesById(ctx.db, questionnaireId, candidateIds, true);
}

/**
 * Name and number of candidates by id, opened, and masked unless `masked` is false (an export made in full by
 * someone who may see personal data).
 */
export async function candidatesById(
  db: Db,
  questionnaireId: number,
  candidateIds: readonly number[],
  masked: boolean,
): Promise<Map<number, { name: string; number: string }>> {
  const result = new Map<number, { name: string; number: string }>();
  const ids = [...new Set(candidateIds)];
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await db
      .selectFrom("exam_candidates")
      .select(["id", "name", "number", "phone"])
      .where("questionnaireId", "=", questionnaireId)
      .where("id", "in", ids.slice(at, at + 500))
      .execute();
    for (const opened of await openCandidates(db, questionnaireId, rows))
      result.set(
        opened.id,
        masked
          ? { name: maskName(opened.name), number: maskNumber(opened.number) }
          : { name: opened.name, number: opened.number },
      );
  }
  return result;
}

export async function countCandidates(db: Db | Trx, questionnaireId: number): Promise<number> {
  const row = await db
    .selectFrom("exam_candidates")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

const BATCH = 200;

/**
 * A data-key rotation's pass over the list (commands/privacy/key-rotation.ts): values under an older generation,
 * or left plain before encryption was on, are sealed again under the newest, their digests with them. Each row
 * is changed only if it is still as read (an import in between wins).
 */
export async function resealCandidates(db: Db, questionnaireId: number): Promise<number> {
  const keys = await keyringOf(db).forReading(questionnaireId);
  if (!keys.sealing || keys.generation === 0) return 0;
  const current = `enc:v1:${keys.generation}:`;
  const fresh = (value: string) => value === "" || value.startsWith(current);
  let after = 0;
  let resealed = 0;
  for (;;) {
    const rows = await db
      .selectFrom("exam_candidates")
      .select(["id", "name", "number", "phone"])
      .where("questionnaireId", "=", questionnaireId)
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return resealed;
    for (const row of rows) {
      after = row.id;
      if (fresh(row.name) && fresh(row.number) && fresh(row.phone)) continue;
      const opened = {
        name: openValue(keys, row.name),
        number: openValue(keys, row.number),
        phone: openValue(keys, row.phone),
      };
      const updated = await db
        .updateTable("exam_candidates")
        .set(storedCandidate(keys, opened))
        .where("id", "=", row.id)
        .where("name", "=", row.name)
        .where("number", "=", row.number)
        .where("phone", "=", row.phone)
        .executeTakeFirst();
      resealed += Number(updated.numUpdatedRows);
    }
  }
}

/** Whether a value of the list is still sealed under `generation` (the old key is kept until none is). */
export async function candidatesUnder(db: Db, questionnaireId: number, generation: number): Promise<boolean> {
  const prefix = `enc:v1:${generation}:%`;
  const row = await db
    .selectFrom("exam_candidates")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where((eb) =>
      eb.or([eb("name", "like", prefix), eb("number", "like", prefix), eb("phone", "like", prefix)]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
