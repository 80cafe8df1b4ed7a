import { definitionSchema, type ExportFilter, type FactPredicate, type Question } from "@wjgj/core";
import { sql } from "kysely";
import { type Db, dialectOf, isSqlite } from "../../db/index.ts";
import { openProfile } from "../answering/wechat-respondent.ts";
import { candidatesById } from "../exams/candidates.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { openAnswers, SEALED_KEY } from "../privacy/sealing.ts";
import { packedFamilyText, packHolds, packPairs } from "../results/fact-packs.ts";
import { chinaDateStart, nextDay, predicateSql } from "../results/filter.ts";
import type { SerialNumbering } from "../results/serials.ts";
import { answersOf, maskAnswers, type ResponseSlice } from "./row-layout.ts";

// The layout and the cells of a row live in row-layout.ts (pure, loaded by the xlsx worker too).
export {
  type ExportCode,
  type ExportLayout,
  exportLayout,
  type ResponseSlice,
  responseRow,
  serialOf,
} from "./row-layout.ts";

/**
 * Rows read per query. Small on purpose: a batch lives until its rows are written, and rows that live
 * through several young-generation collections get promoted; with 1000-row batches the old generation
 * (and peak RSS at 100,000 responses) grew by ~40 MB. A query per 100 rows costs little next to writing them.
 */
export const BATCH_SIZE = 100;

/**
 * The responses a filter selects: valid (and invalid when asked), submitted in the range, from the sources,
 * and passing the answer condition and 编码 (`predicate`, planned from `filter.condition` and `filter.codes`) as
 * statistics filter them.
 */
function filtered(
  db: Db,
  questionnaireId: number,
  filter: ExportFilter | null,
  predicate: FactPredicate | null,
  anyStatus = false,
) {
  let query = db.selectFrom("responses").where("questionnaireId", "=", questionnaireId);
  if (!anyStatus)
    query = query.where("status", "in", filter?.includeInvalid ? ["valid", "invalid"] : ["valid"]);
  if (filter?.startDate) query = query.where("submittedAt", ">=", chinaDateStart(filter.startDate));
  if (filter?.endDate) query = query.where("submittedAt", "<", chinaDateStart(nextDay(filter.endDate)));
  if (filter?.sources && filter.sources.length > 0) query = query.where("source", "in", filter.sources);
  if (filter?.review) query = query.where("reviewState", "=", filter.review);
  if (predicate) {
    const dialect = dialectOf(db);
    query = query.where((eb) => predicateSql(eb, predicate, { questionnaireId, dialect }));
  }
  return query;
}

export async function countResponses(
  db: Db,
  questionnaireId: number,
  filter: ExportFilter | null,
  predicate: FactPredicate | null = null,
): Promise<number> {
  const row = await filtered(db, questionnaireId, filter, predicate)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Whether a response's stored labels can differ from its revision's own labels. The engine changes a label
 * only by piping (`{{q1}}` in it) or by taking options from another question (select-join, `optionSource`);
 * when no revision of the questionnaire has either, the revision's labels are what every respondent saw and
 * the labels column (about as large as the answers) need not be read or parsed at all.
 */
export async function labelsMayVary(db: Db, questionnaireId: number): Promise<boolean> {
  const revisions = await db
    .selectFrom("questionnaire_revisions")
    .select("definition")
    .where("questionnaireId", "=", questionnaireId)
    .execute();
  return revisions.some((r) => r.definition.includes("{{") || r.definition.includes('"optionSource"'));
}

/**
 * Reads the batch's `skipped:<q>` facts (the same ones statistics count) with one query by the responses'
 * ids, rather than re-running the logic for every exported response. Skips are always packed (fact-packs.ts):
 * only packs holding one are read and parsed, found by their text.
 */
async function attachSkipped(db: Db, questionnaireId: number, batch: ResponseSlice[]) {
  const rows = await db
    .selectFrom("response_fact_keys")
    .select(["responseId", "keys"])
    .where("questionnaireId", "=", questionnaireId)
    .where(
      "responseId",
      "in",
      batch.map((response) => response.id),
    )
    .where(packHolds(dialectOf(db), "keys", packedFamilyText(SKIPPED_PREFIX)))
    .execute();
  const byResponse = new Map<number, Set<string>>();
  for (const row of rows) {
    const ids = new Set<string>();
    for (const [, key] of packPairs(row.keys))
      if (key.startsWith(SKIPPED_PREFIX)) ids.add(key.slice(SKIPPED_PREFIX.length));
    byResponse.set(row.responseId, ids);
  }
  for (const response of batch) response.skipped = byResponse.get(response.id) ?? new Set();
}

const SKIPPED_PREFIX = "skipped:";

/** The answers column's UTF-8 bytes, as each database casts text to them (both drivers give a Buffer). */
function answerBytes(db: Db) {
  return (isSqlite(db) ? sql<Buffer>`cast(answers as blob)` : sql<Buffer>`convert_to(answers, 'UTF8')`).as(
    "answerBytes",
  );
}

/**
 * The filtered responses in id order, one batch per query (keyset paging: memory stays flat). `after` and
 * `upto` bound the ids; `anyStatus` reads deleted and invalid responses too (the analysis cache keeps every
 * response and filters by status itself).
 */
export async function* responseBatches(
  db: Db,
  questionnaireId: number,
  filter: ExportFilter | null,
  options: {
    withLabels?: boolean;
    withSkipped?: boolean;
    batchSize?: number;
    predicate?: FactPredicate | null;
    after?: number;
    upto?: number;
    anyStatus?: boolean;
    /** Personal questions whose answers come out masked (`ExportLayout.masked`). */
    mask?: ReadonlyMap<string, Question>;
    /** Read each response's exam candidate (`ExportLayout.withCandidates`), masked or in full. */
    candidates?: "masked" | "full";
    /**
     * The answers as their UTF-8 bytes (`answerBytes`; `answers` is ""), for a reader that decodes them
     * elsewhere: the xlsx worker thread. This thread then never makes strings of them, nor copies them as such.
     */
    answersAsBytes?: boolean;
    /** Sets each response's `seq` (序号); one numbering may go on over several readers of the same export. */
    serials?: SerialNumbering;
  } = {},
): AsyncGenerator<ResponseSlice[]> {
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const withLabels = options.withLabels ?? true;
  let after = options.after ?? 0;
  for (;;) {
    let query = filtered(db, questionnaireId, filter, options.predicate ?? null, options.anyStatus);
    if (options.upto !== undefined) query = query.where("id", "<=", options.upto);
    const batch = await query
      .select((eb) => [
        "id",
        "revisionId",
        options.answersAsBytes ? eb.val("").as("answers") : "answers",
        withLabels ? "labels" : eb.val("").as("labels"),
        "score",
        "status",
        "ip",
        "source",
        "durationSeconds",
        "submittedAt",
        "deviceId",
        "computed",
        "wechatProfile",
        "reviewState",
        "reviewReason",
      ])
      .$if(options.answersAsBytes === true, (q) => q.select(answerBytes(db)))
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return;
    if (options.withSkipped ?? true) await attachSkipped(db, questionnaireId, batch);
    await attachOpened(db, questionnaireId, batch, options.mask);
    if (options.candidates) await attachCandidates(db, questionnaireId, batch, options.candidates);
    await options.serials?.(batch);
    yield batch;
    if (batch.length < batchSize) return;
    after = (batch[batch.length - 1] as ResponseSlice).id;
  }
}

/** What answers holding a sealed value hold (privacy/sealing.ts). */
const SEALED_VALUE = '"enc:v1:';

/**
 * Opens the sealed personal answers of a batch (privacy/sealing.ts): only rows holding one pay for it, with the
 * questionnaire's keys read per batch (a rotation may add a generation while a long export runs).
 */
async function attachOpened(
  db: Db,
  questionnaireId: number,
  batch: ResponseSlice[],
  mask: ReadonlyMap<string, Question> | undefined,
): Promise<void> {
  const sealed = batch.filter((response) =>
    (response.answerBytes ?? response.answers).includes(SEALED_VALUE),
  );
  if (sealed.length > 0) {
    const keys = await keyringOf(db).forReading(questionnaireId);
    for (const response of sealed) {
      const part = response.answerBytes ? sealedPart(response.answerBytes) : null;
      if (part) {
        // Read as bytes for the xlsx worker: only the sealed value is opened here; the answers go on without
        // it, and the opened part is merged in where they are parsed (answersOf, as openAnswers merges it).
        response.sealedText = keys.openText(SEALED_KEY, part.value);
        response.answerBytes = part.rest;
      } else response.opened = openAnswers(keys, answersText(response));
    }
  }
  const profiled = batch.filter((response) => response.wechatProfile);
  if (profiled.length > 0) {
    const keys = await keyringOf(db).forReading(questionnaireId);
    for (const response of profiled) response.wechat = openProfile(keys, response.wechatProfile ?? null);
  }
  if (!mask || mask.size === 0) return;
  for (const response of batch) response.opened = maskAnswers(answersOf(response), mask);
}

const utf8 = new TextDecoder();

const SEALED_MEMBER = Buffer.from(`"${SEALED_KEY}":"enc:v1:`);
const SEALED_VALUE_BYTES = /^enc:v1:\d+:[A-Za-z0-9_-]+$/;

/**
 * Stored answers whose last member is the sealed one (sealAnswers adds it last, and JSON.stringify keeps that
 * order): its value, and the answers without it. Found from the end, without parsing: the member follows a
 * "," or the opening "{" and is followed by the closing "}" alone, so it belongs to the answers object itself;
 * it is the only one; and its value needs no JSON escapes, so the text is the string. Null otherwise (the
 * caller then opens the answers whole).
 */
function sealedPart(bytes: Buffer): { value: string; rest: Buffer } | null {
  const end = bytes.length - 2;
  if (end < 0 || bytes[end] !== 0x22 || bytes[end + 1] !== 0x7d) return null;
  const at = bytes.lastIndexOf(SEALED_MEMBER);
  if (at < 1 || bytes.indexOf(SEALED_MEMBER) !== at) return null;
  const before = bytes[at - 1];
  if (!(before === 0x2c || (before === 0x7b && at === 1))) return null;
  const value = bytes.toString("latin1", at + SEALED_MEMBER.length - "enc:v1:".length, end);
  if (!SEALED_VALUE_BYTES.test(value)) return null;
  const rest = before === 0x2c ? Buffer.concat([bytes.subarray(0, at - 1), CLOSE]) : Buffer.from("{}");
  return { value, rest };
}

const CLOSE = Buffer.from("}");

/** A response's answers as JSON text, from the bytes when it was read with `answersAsBytes`. */
function answersText(response: ResponseSlice): string {
  return response.answerBytes ? utf8.decode(response.answerBytes) : response.answers;
}

/** The exam candidate of each response of a batch that came from an attempt of a candidate (issue #40). */
async function attachCandidates(
  db: Db,
  questionnaireId: number,
  batch: ResponseSlice[],
  mode: "masked" | "full",
): Promise<void> {
  if (batch.length === 0) return;
  const attempts = await db
    .selectFrom("exam_attempts")
    .select(["responseId", "candidateId"])
    .where("questionnaireId", "=", questionnaireId)
    .where(
      "responseId",
      "in",
      batch.map((response) => response.id),
    )
    .where("candidateId", "is not", null)
    .execute();
  if (attempts.length === 0) return;
  const candidates = await candidatesById(
    db,
    questionnaireId,
    attempts.map((attempt) => attempt.candidateId as number),
    mode === "masked",
  );
  const byResponse = new Map(attempts.map((attempt) => [attempt.responseId, attempt.candidateId as number]));
  for (const response of batch) {
    const id = byResponse.get(response.id);
    const candidate = id === undefined ? undefined : candidates.get(id);
    if (candidate) response.candidate = candidate;
  }
}

/** Questions by id of each revision a response answered, parsed once per export. */
export class RevisionQuestions {
  private readonly cache = new Map<number, Map<string, Question>>();
  constructor(private readonly db: Db) {}

  async load(revisionIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(revisionIds)].filter((id) => !this.cache.has(id));
    if (missing.length === 0) return;
    const rows = await this.db
      .selectFrom("questionnaire_revisions")
      .select(["id", "definition"])
      .where("id", "in", missing)
      .execute();
    for (const row of rows) {
      const definition = definitionSchema.parse(JSON.parse(row.definition));
      this.cache.set(row.id, new Map(definition.pages.flatMap((p) => p.questions).map((q) => [q.id, q])));
    }
  }

  of(revisionId: number): Map<string, Question> | undefined {
    return this.cache.get(revisionId);
  }
}
