import {
  type ComputedValue,
  definitionSchema,
  type ExportFilter,
  type FactPredicate,
  isPersonalDataQuestion,
  maskIp,
  maskPersonalValue,
  personalQuestionIds,
  type Question,
  responseSourceNames,
  type SurveyDefinition,
  exportFileTexts as texts,
  withoutPersonalData,
} from "@wjgj/core";
import { answerTexts } from "@wjgj/core/text/answer-texts";
import { type Db, isSqlite } from "../../db/index.ts";
import { openProfile, type WeChatProfileShown } from "../answering/wechat-respondent.ts";
import { candidatesById } from "../exams/candidates.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { chinaDateStart, nextDay, predicateSql } from "../results/filter.ts";
import { type Cell, durationText, submittedText } from "./cells.ts";
import { type QuestionColumns, questionColumns, type Seen } from "./columns.ts";
import { type DrawnColumns, type DrawnPaper, fillDrawn } from "./drawn.ts";
import type { FileLinks } from "./file-links.ts";

/** The columns of a response that exports read; answers and labels are JSON text ("" when not read). */
export interface ResponseSlice {
  id: number;
  revisionId: number;
  answers: string;
  labels: string;
  score: number | null;
  status: string;
  ip: string;
  source: string;
  durationSeconds: number;
  submittedAt: string;
  /** The answering device: whose 随机组卷 paper it answered. */
  deviceId: string;
  /** 计算值 at submit (JSON `{ id: value }`); null or absent when none were kept. */
  computed?: string | null;
  /** The answers with personal values opened, when the stored ones hold sealed values (else parse `answers`). */
  opened?: Record<string, unknown>;
  /** Questions its logic hid or jumped over (its `skipped:` facts); absent when not read. */
  skipped?: ReadonlySet<string>;
  /** 记录微信昵称头像: the stored (sealed) profile, and opened (attachOpened). */
  wechatProfile?: string | null;
  wechat?: WeChatProfileShown | null;
  /** 考生名单: the candidate of the exam attempt it came from (attachCandidates), masked unless in full. */
  candidate?: { name: string; number: string };
}

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
  if (predicate) {
    const dialect = isSqlite(db) ? "sqlite" : "postgres";
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
 * Reads the batch's `skipped:<q>` facts (the same ones statistics count) with one query on the facts'
 * primary key (questionnaire, response, key), rather than re-running the logic for every exported response.
 */
async function attachSkipped(db: Db, questionnaireId: number, batch: ResponseSlice[]) {
  const rows = await db
    .selectFrom("response_facts")
    .select(["responseId", "key"])
    .where("questionnaireId", "=", questionnaireId)
    .where(
      "responseId",
      "in",
      batch.map((response) => response.id),
    )
    .where("key", ">=", SKIPPED_PREFIX)
    .where("key", "<", SKIPPED_END)
    .execute();
  const byResponse = new Map<number, Set<string>>();
  for (const row of rows) {
    const ids = byResponse.get(row.responseId) ?? new Set<string>();
    ids.add(row.key.slice(SKIPPED_PREFIX.length));
    byResponse.set(row.responseId, ids);
  }
  for (const response of batch) response.skipped = byResponse.get(response.id) ?? new Set();
}

const SKIPPED_PREFIX = "skipped:";
// The next key after every "skipped:…" key in byte order (":" + 1 = ";"): a range the primary key serves.
const SKIPPED_END = "skipped;";

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
        "answers",
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
      ])
      .where("id", ">", after)
      .orderBy("id")
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return;
    if (options.withSkipped ?? true) await attachSkipped(db, questionnaireId, batch);
    await attachOpened(db, questionnaireId, batch, options.mask);
    if (options.candidates) await attachCandidates(db, questionnaireId, batch, options.candidates);
    yield batch;
    if (batch.length < batchSize) return;
    after = (batch[batch.length - 1] as ResponseSlice).id;
  }
}

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
  const sealed = batch.filter((response) => response.answers.includes('"enc:v1:'));
  if (sealed.length > 0) {
    const openStored = await answersOpener(db, questionnaireId);
    for (const response of sealed) response.opened = openStored(response.answers);
  }
  const profiled = batch.filter((response) => response.wechatProfile);
  if (profiled.length > 0) {
    const keys = await keyringOf(db).forReading(questionnaireId);
    for (const response of profiled) response.wechat = openProfile(keys, response.wechatProfile ?? null);
  }
  if (!mask || mask.size === 0) return;
  for (const response of batch) {
    const answers = response.opened ?? parseObject(response.answers);
    for (const [id, question] of mask) {
      const value = answers[id];
      // A 敏感文件's answer is a list of files: masked as a whole.
      if (typeof value === "string" || Array.isArray(value))
        answers[id] = maskPersonalValue(question, typeof value === "string" ? value : "");
    }
    response.opened = answers;
  }
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

/**
 * A 编码 code of an open question as the statistics files carry it: a 0/1 variable after the questions (missing
 * for a response without a text for the question).
 */
export interface ExportCode {
  variable: string;
  label: string;
  questionId: string;
  has(responseId: number, texts: readonly string[]): boolean;
}

/** Metadata columns before the questions (问卷星's order), and the question columns. */
export interface ExportLayout {
  headers: string[];
  questions: QuestionColumns[];
  latest: Map<string, Question>;
  /** The calculated values (计算值) whose values responses keep; none in a file without personal data. */
  computed: readonly ComputedValue[];
  withStatus: boolean;
  withScore: boolean;
  /** False for a file made for a member who may not see personal data: no IP column. */
  withIp: boolean;
  /** 记录微信昵称头像: the 微信昵称 and 微信头像 columns (spreadsheets of files with personal data). */
  withWechat: boolean;
  /** 考生名单: the 考生姓名 and 准考证号 columns (spreadsheets of files with personal data). */
  withCandidates: boolean;
  /** Personal-data questions left out of such a file (their columns, uploads and signatures). */
  hidden: ReadonlySet<string>;
  /**
   * Personal-data questions whose answers the file shows masked (138****5678; a signature left out), and the
   * IP column masked too (10.9.*.*): every file unless made with `fullPersonal` by someone allowed.
   */
  masked: ReadonlyMap<string, Question>;
  maskIp: boolean;
  /** 随机组卷: a block of columns per bank question drawn by anyone, after the fixed questions. */
  drawn: readonly DrawnColumns[];
  /** 编码 codes of the open questions in the layout: columns after the questions (and 随机组卷 blocks), 0/1. */
  codes: readonly ExportCode[];
}

export function exportLayout(
  full: SurveyDefinition,
  filter: ExportFilter | null,
  options: {
    hidePersonal?: boolean;
    /** Personal information and IP addresses in full (the caller checked the exporter may). */
    fullPersonal?: boolean;
    drawn?: readonly DrawnColumns[];
    links?: FileLinks;
    codes?: readonly ExportCode[];
    /** The questionnaire keeps WeChat nicknames and avatars (spreadsheets only: xlsx, csv). */
    wechat?: boolean;
    /** Responses of the questionnaire came from attempts of listed candidates (spreadsheets only). */
    candidates?: boolean;
  } = {},
): ExportLayout {
  const hidePersonal = options.hidePersonal === true;
  const drawn = options.drawn ?? [];
  const hidden = hidePersonal ? personalQuestionIds(full) : new Set<string>();
  const definition = hidePersonal ? withoutPersonalData(full) : full;
  const withStatus = filter?.includeInvalid === true;
  const withScore =
    definition.settings.exam !== undefined || definition.kind === "exam" || definition.kind === "knowledge";
  const withWechat = options.wechat === true && !hidePersonal;
  const withCandidates = options.candidates === true && !hidePersonal;
  const questions = questionColumns(definition, options.links);
  const headers = [
    texts.seq,
    texts.responseId,
    texts.submittedAt,
    texts.duration,
    texts.source,
    ...(hidePersonal ? [] : [texts.ip]),
    ...(withStatus ? [texts.status] : []),
    ...(withScore ? [texts.score] : []),
    ...(withCandidates ? [texts.candidateName, texts.candidateNumber] : []),
    ...(withWechat ? [texts.wechatNickname, texts.wechatAvatar] : []),
    ...questions.flatMap((q) => q.headers),
    ...drawn.flatMap((d) => d.headers),
  ];
  const latest = new Map(definition.pages.flatMap((p) => p.questions).map((q) => [q.id, q]));
  const masked = new Map(
    hidePersonal || options.fullPersonal === true
      ? []
      : [...latest].filter(([, question]) => isPersonalDataQuestion(question)),
  );
  const codes = (options.codes ?? []).filter((code) => latest.has(code.questionId));
  headers.push(...codes.map((code) => code.label));
  // A calculated value may be worked out from personal answers: a file without personal data leaves them all out.
  const computed = hidePersonal ? [] : full.computed;
  return {
    headers,
    questions,
    latest,
    computed,
    withStatus,
    withScore,
    withIp: !hidePersonal,
    withWechat,
    withCandidates,
    hidden,
    masked,
    maskIp: !hidePersonal && options.fullPersonal !== true,
    drawn,
    codes,
  };
}

function parseObject(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** One response as a row of cells (not yet neutralised: writers do that for text cells). */
export function responseRow(
  layout: ExportLayout,
  response: ResponseSlice,
  seq: number,
  answered: Map<string, Question> | undefined,
  paper?: DrawnPaper,
): Cell[] {
  const row: Cell[] = new Array(layout.headers.length).fill(null);
  row[0] = seq;
  row[1] = response.id;
  row[2] = submittedText(response.submittedAt);
  row[3] = durationText(response.durationSeconds);
  row[4] = responseSourceNames[response.source] ?? response.source;
  let at = 5;
  if (layout.withIp) row[at++] = layout.maskIp ? maskIp(response.ip) : response.ip;
  if (layout.withStatus) row[at++] = response.status === "invalid" ? texts.invalid : texts.valid;
  if (layout.withScore) row[at++] = response.score;
  if (layout.withCandidates) {
    row[at++] = response.candidate?.name ?? null;
    row[at++] = response.candidate?.number ?? null;
  }
  if (layout.withWechat) {
    // Masked like a name (张*) in a file that masks personal data, its avatar then left out.
    const nickname = response.wechat?.nickname ?? "";
    row[at++] = layout.maskIp && nickname ? `${Array.from(nickname)[0]}*` : nickname;
    row[at++] = layout.maskIp ? "" : (response.wechat?.avatarUrl ?? "");
  }
  const answers = response.opened ?? parseObject(response.answers);
  const labels = (response.labels === "" ? {} : parseObject(response.labels)) as Record<string, Seen>;
  for (const columns of layout.questions) {
    const answer = answers[columns.questionId];
    if (response.skipped?.has(columns.questionId)) {
      row.fill(texts.skipped, at, at + columns.headers.length);
    } else if (answer !== undefined && answer !== null) {
      const question = answered?.get(columns.questionId) ?? layout.latest.get(columns.questionId);
      if (layout.masked.has(columns.questionId)) {
        // Masked already (attachOpened): the text alone, no 下载链接 to a signature.
        row[at] = String(answer);
      } else if (question) {
        try {
          columns.fill(row, at, answer, labels[columns.questionId], question, response.id);
        } catch {
          // An answer shaped by an older type of this question: show it rather than lose the row.
          row[at] = JSON.stringify(answer);
        }
      }
    }
    at += columns.headers.length;
  }
  for (const columns of layout.drawn) {
    fillDrawn(row, at, columns, paper, answers[columns.questionId], labels[columns.questionId]);
    at += columns.headers.length;
  }
  // 编码: 1 when the response's texts of the question have the code, 0 when not, empty without a text.
  for (const code of layout.codes) {
    const question = answered?.get(code.questionId) ?? layout.latest.get(code.questionId);
    const found = question ? answerTexts(question, answers[code.questionId]) : [];
    row[at++] = found.length === 0 ? null : code.has(response.id, found) ? 1 : 0;
  }
  return row;
}
