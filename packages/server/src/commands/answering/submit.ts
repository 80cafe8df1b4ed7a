import {
  type ExamResult,
  examFacts,
  examUsesAttempts,
  type QuestionarySettings,
  responseFacts,
  type SubmitReply,
  type SurveyDefinition,
  validateSubmission,
} from "@wjgj/core";
import { sql } from "kysely";
import { chinaDayStart, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type BatchReads, type DeferredCounters, groupTransaction } from "../../db/group-commit.ts";
import type { Db, Trx } from "../../db/index.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { type AnsweringRow, answeringColumns, responseCountColumn } from "../../db/tables/questionnaires.ts";
import type { ResponseRow } from "../../db/tables/responses.ts";
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotLoggedInError,
  TooManyRequestsError,
} from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { WeChatBrowserIdentity } from "../../wechat/identity-cookie.ts";
import { bookAnswers, bookingRespondentKey, planBookings } from "../bookings/submit.ts";
import { type AttemptClaim, claimAttempt } from "../exams/attempt-store.ts";
import { bindAttempt } from "../exams/attempt-submit.ts";
import { ordersOfResponse, placeOrderOf, productAnswerOf, submittedOrder } from "../form-orders/submit.ts";
import { ownerEntitlements } from "../money/entitlements.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { personalOf, sealAnswers, sealFacts, sealUniques } from "../privacy/sealing.ts";
import { loadQuestionnaire, readDefinition, readSettings } from "../questionnaires/store.ts";
import { counterEntries, insertFacts } from "../results/record.ts";
import { rewardsOffered } from "../rewards/offer.ts";
import { emitResponseCreatedSqlite, hookedColumn, newEventId, wakeWebhooks } from "../webhooks/events.ts";
import { addToCounters, chosenLabels, quotaLimits, readCounters } from "./counters.ts";
import { claimFiles } from "./files.ts";
import { findByPublicId } from "./open.ts";
import { forgetOwnerTerms, ownerTerms, sameStamp } from "./owner-terms.ts";
import { submittedPaper } from "./papers.ts";
import { answerGate, passesPasswordGate } from "./password-gate.ts";
import { buildReply, type RepliedResponse, repliedColumns } from "./reply.ts";
import { publishedRevision } from "./revisions.ts";
import { answerState } from "./state.ts";
import {
  type BookedResponse,
  booksSlots,
  ClosedError,
  placesOrder,
  reachedSourceLimit,
  type SourceLimit,
  StaleRowError,
  type StorePlan,
  sameGates,
  sourceLimits,
  uniqueTakenError,
} from "./submit-limits.ts";
import { storeOnPostgres } from "./submit-postgres.ts";
import {
  generationWithProfile,
  requireWechatIdentity,
  storedProfile,
  wechatKeyOf,
  wechatNeeds,
} from "./wechat-respondent.ts";

export interface SubmitInput {
  publicId: string;
  revisionId: number;
  answers: Record<string, unknown>;
  durationSeconds: number;
  deviceId: string;
  idempotencyKey: string;
  source: string;
  password?: string | undefined;
  /** Answers from /y/{id}/{type}: checked against the draft, never stored. */
  preview?: boolean | undefined;
  /** Set when an exam's page submits on its own (time up, tab switches): required answers may be missing. */
  forced?: "timeout" | "tabSwitch" | undefined;
  /** The exam attempt (`exam/start`) this submit ends (issue #40); the server's clock decides what counts. */
  attemptToken?: string | undefined;
  /**
   * Set by the server only (commands/exams): the attempt the response ends, claimed in the store's transaction.
   * Given on entry it is a hand-in of the saved progress (the deadline, tab switches, the invigilator).
   */
  attempt?: AttemptClaim | undefined;
  /** The session of the page's verified answer token: only files that page uploaded can be claimed. */
  answerSession?: string | undefined;
  /** 同意隐私政策: the version agreed to (required while the questionnaire asks for consent). */
  consentVersion?: number | undefined;
}

export interface Origin {
  ip: string;
  userAgent: string;
  /** The respondent's verified WeChat identity (the sealed cookie of wechat/identity-cookie.ts), if any. */
  wechat?: WeChatBrowserIdentity | null;
}

function chinaDay(now: Date): string {
  return iso(new Date(chinaDayStart(now).getTime() + 8 * 3600 * 1000)).slice(0, 10);
}

/** Hand-ins of saved progress drop what no longer validates, a question at a time, at most this often. */
const HAND_IN_PASSES = 4;

/** `revision`: the published definition answered (a 随机组卷 paper is drawn from it), whose labels need no copy. */
function checkAnswers(
  definition: SurveyDefinition,
  input: SubmitInput,
  now: Date,
  revision?: SurveyDefinition,
) {
  const context = { today: chinaDay(now), seed: input.deviceId };
  // A forced exam submission keeps whatever was answered: only missing required answers are excused,
  // and only for exams, whose page enforces the time limit and tab-switch rule (or whose attempt the server ends).
  const excused =
    input.forced !== undefined && (definition.settings.exam !== undefined || input.attempt !== undefined);
  let answers = input.answers;
  let checked = validateSubmission(definition, answers, context);
  // A hand-in stores what was saved: answers that no longer validate are dropped rather than failing it.
  for (let pass = 0; input.attempt?.handIn && pass < HAND_IN_PASSES; pass++) {
    const invalid = new Set(
      checked.errors
        .filter((issue) => issue.code !== "required" && issue.questionId)
        .map((i) => i.questionId),
    );
    if (invalid.size === 0) break;
    answers = Object.fromEntries(Object.entries(answers).filter(([id]) => !invalid.has(id)));
    checked = validateSubmission(definition, answers, context);
  }
  const errors = excused ? checked.errors.filter((issue) => issue.code !== "required") : checked.errors;
  const result = { ...checked, ok: errors.length === 0, errors };
  if (!result.ok) {
    throw new InvalidInputError(
      result.errors.slice(0, 50).map((issue) => ({
        field: ["answers", issue.questionId ?? "", ...issue.path].filter((p) => p !== "").join("."),
        message: issue.message,
      })),
      "answerInvalid",
      "key",
    );
  }
  return { result, labels: chosenLabels(definition, result.options, result.answers, revision) };
}

/** Per-source caps of the settings (once per IP / device / account, in total or per day). */
async function checkSourceLimits(trx: Trx, row: AnsweringRow, limits: readonly SourceLimit[]) {
  const reached = await reachedSourceLimit(trx, row.id, limits);
  if (reached) throw new TooManyRequestsError(reached.message);
}

// The statements every submit runs, compiled once (db/prepared.ts).
/**
 * SQLite: the questionnaire inside the group commit's transaction, with what else the submit checks or
 * answers — the owner's level stamp (`owner-terms.ts`) and whether rewards are offered — in one statement.
 */
const lockQuestionnaire = preparedQuery<LockedRow, { id: number }>((db, p) =>
  db
    .selectFrom("questionnaires")
    .select(answeringColumns)
    .select(responseCountColumn)
    .select((eb) => [
      eb
        .selectFrom("users")
        .select("vipLevel")
        .whereRef("users.id", "=", "questionnaires.ownerId")
        .as("vipLevel"),
      eb
        .selectFrom("users")
        .select("vipStopTime")
        .whereRef("users.id", "=", "questionnaires.ownerId")
        .as("vipStopTime"),
      eb.selectFrom("vip_sets").select("limits").where("level", "=", sql.lit(0)).as("freeLimits"),
      eb
        .selectFrom("vip_sets")
        .innerJoin("users", "users.vipLevel", "vip_sets.level")
        .select("vip_sets.limits")
        .whereRef("users.id", "=", "questionnaires.ownerId")
        .as("levelLimits"),
      eb
        .selectFrom("prize_sets")
        .select("prize_sets.settings")
        .whereRef("prize_sets.questionnaireId", "=", "questionnaires.id")
        .as("prizeSettings"),
      eb
        .exists(
          eb
            .selectFrom("red_packets")
            .select("red_packets.id")
            .whereRef("red_packets.questionnaireId", "=", "questionnaires.id")
            .where("red_packets.status", "=", sql.lit("active")),
        )
        .as("packet"),
      // Whether a webhook hears about this questionnaire: only then does the store write its outbox row.
      hookedColumn(eb),
    ])
    .where("questionnaires.id", "=", p.id),
);

type LockedRow = AnsweringRow & {
  vipLevel: number | null;
  vipStopTime: string | null;
  freeLimits: string | null;
  levelLimits: string | null;
  prizeSettings: string | null;
  packet: number | boolean;
  hooked: number | boolean;
};

const responseByKey = preparedQuery<RepliedResponse, { questionnaireId: number; key: string }>((db, p) =>
  db
    .selectFrom("responses")
    .select(repliedColumns)
    .where("questionnaireId", "=", p.questionnaireId)
    .where("idempotencyKey", "=", p.key),
);

/** SQLite: the new row's id comes back as the statement's insert id (no RETURNING to buffer). */
const insertResponse = preparedQuery<never, Omit<ResponseRow, "id">>((db, p) =>
  db.insertInto("responses").values({
    questionnaireId: p.questionnaireId,
    revisionId: p.revisionId,
    answers: p.answers,
    labels: p.labels,
    score: p.score,
    maxScore: p.maxScore,
    passed: p.passed,
    endState: p.endState,
    status: p.status,
    ip: p.ip,
    userAgent: p.userAgent,
    deviceId: p.deviceId,
    userId: p.userId,
    source: p.source,
    durationSeconds: p.durationSeconds,
    idempotencyKey: p.idempotencyKey,
    submittedAt: p.submittedAt,
    computed: p.computed,
    consentVersion: p.consentVersion,
    sealedGeneration: p.sealedGeneration,
    wechatKey: p.wechatKey,
    wechatProfile: p.wechatProfile,
    reviewState: p.reviewState,
  }),
);

/**
 * `anQuestion/questionAnswer`: validates with core's engine against the published revision, then — in one
 * transaction holding the questionnaire — re-checks state, caps, quotas and unique values, stores the
 * response and bumps the counters. No limit can be exceeded by concurrent submitters, and a repeated
 * idempotency key answers the response already stored. On SQLite concurrent submits share one commit
 * (groupTransaction); each is still acknowledged only once its transaction is on disk.
 */
export async function submitResponse(
  ctx: AppContext,
  viewer: Viewer | null,
  input: SubmitInput,
  origin: Origin,
): Promise<SubmitReply> {
  const now = ctx.clock.now();
  if (input.preview) return submitPreview(ctx, viewer, input, now);

  let row = recentRows.get(ctx.db, input.publicId);
  let fresh = false;
  if (!row) {
    row = await findByPublicId(ctx.db, input.publicId);
    recentRows.set(ctx.db, input.publicId, row);
    fresh = true;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await submitTo(ctx, viewer, input, origin, now, row);
    } catch (error) {
      const stale = error instanceof StaleRowError;
      // A refusal from a freshly read row stands; a stale store (the questionnaire, the owner's level or
      // its response cap moved since they were read) starts again from fresh reads, a few times at most.
      if ((fresh && !stale) || attempt === STALE_ATTEMPTS) throw error;
      const previous = row;
      row = await findByPublicId(ctx.db, input.publicId);
      recentRows.set(ctx.db, input.publicId, row);
      fresh = true;
      // A refusal may come from what changed since: it stands only if the questionnaire still reads the same.
      if (!stale && sameGates(previous, row)) throw error;
      if (stale) forgetOwnerTerms(ctx.db, row.ownerId);
    }
  }
}

/** Stores tried before a submit that keeps finding the questionnaire changed under it gives up. */
const STALE_ATTEMPTS = 3;

/**
 * Questionnaire rows by public id as a recent submit read them, per database: a submit decides its gates
 * and revision from the remembered row, then checks it against the row it holds in the transaction
 * (`sameGates`) and starts again from a fresh read when they differ. Spares a read per submit.
 */
const recentRows = {
  byDb: new WeakMap<Db, Map<string, AnsweringRow>>(),
  limit: 1000,
  get(db: Db, publicId: string): AnsweringRow | undefined {
    return this.byDb.get(db)?.get(publicId);
  },
  set(db: Db, publicId: string, row: AnsweringRow): void {
    let rows = this.byDb.get(db);
    if (!rows) {
      rows = new Map();
      this.byDb.set(db, rows);
    }
    rows.delete(publicId);
    rows.set(publicId, row);
    if (rows.size > this.limit) rows.delete(rows.keys().next().value as string);
  },
};

async function submitTo(
  ctx: AppContext,
  viewer: Viewer | null,
  input: SubmitInput,
  origin: Origin,
  now: Date,
  row: AnsweringRow,
): Promise<SubmitReply> {
  const settings = readSettings(row.settings);
  // A hand-in of an exam attempt: the candidate passed the page's gates when the attempt started.
  const handIn = input.attempt?.handIn === true;
  if (!handIn) {
    if (settings.loginRequired && !viewer) throw new NotLoggedInError();
    if (!(await passesPasswordGate(ctx, answerGate(row), settings.password, input.password, origin.ip)))
      throw new ForbiddenError("answerPasswordWrong");
  }
  const consentVersion = handIn
    ? settings.privacyConsent.required
      ? settings.privacyConsentVersion
      : null
    : agreedConsent(settings, input.consentVersion);
  // 仅限微信作答 / 每个微信号限答: only an identified WeChat user answers (wechat-respondent.ts).
  const wechat = wechatNeeds(ctx.config, settings);
  const identity = wechat.any ? (origin.wechat ?? null) : null;
  if (!handIn) requireWechatIdentity(wechat, identity, origin.userAgent);
  const wechatKey = identity ? wechatKeyOf(ctx.db, row.id, identity) : null;
  const revision =
    row.publishedVersion === null ? null : await publishedRevision(ctx.db, row.id, row.publishedVersion);
  if (!revision) throw new ClosedError(row.deletedAt ? "deleted" : "unpublished", row.kind);
  if (revision.id !== input.revisionId) throw new ConflictError("answerRevisionChanged");
  // 考试: an exam that runs attempts takes its clock, device and (when late) answers from the attempt.
  if (
    !input.attempt &&
    examUsesAttempts(row.kind, settings.examGuard, revision.definition.settings.exam?.timeLimitMinutes)
  ) {
    const bound = await bindAttempt(ctx.db, row.id, settings.examGuard, input, now);
    if (bound) input = { ...input, ...bound };
  }
  // The owner's level caps responses per questionnaire: the respondent sees the neutral 暂停收集. Checked
  // here against the row as read, and again by the store against the live count (a remembered row's
  // count is old).
  let terms = await ownerTerms(ctx.db, row.ownerId, now);
  if (terms.cap >= 0 && row.responseCount >= terms.cap) {
    // Remembered terms may predate an upgrade: the refusal stands on freshly read ones.
    forgetOwnerTerms(ctx.db, row.ownerId);
    terms = await ownerTerms(ctx.db, row.ownerId, now);
    if (terms.cap >= 0 && row.responseCount >= terms.cap) throw new ClosedError("stopped", row.kind);
  }
  // 随机组卷: graded against the paper this device drew, not the bare revision.
  const definition = await submittedPaper(ctx.db, row.id, revision, input.deviceId);
  const { result, labels } = checkAnswers(definition, input, now, revision.definition);
  // What the response contributes to statistics: facts rows and counters, in the same transaction.
  const facts = responseFacts(definition, result.answers, result.quotaKeys, result.skipped);
  if (result.score) facts.push(...examFacts(result.score, {}));
  const limits = quotaLimits(definition, result.quotaKeys);
  // 预约: a slot already past its cut-off (or not in the schedule) is refused before any write.
  const bookings = planBookings(definition, result.answers, now);
  // 商品: a response that buys is stored 无效 with its pending order, and counts once the order is paid.
  const buying = result.end?.kind === "screenOut" ? null : productAnswerOf(definition, result.answers);
  // Who books or buys, as a digest: only a response that books a slot or buys needs it.
  const respondentKey =
    bookings.length > 0 || buying
      ? bookingRespondentKey(row.id, {
          userId: viewer?.user.id ?? null,
          wechatKey,
          deviceId: input.deviceId,
          idempotencyKey: input.idempotencyKey,
        })
      : "";
  // Personal answers are kept sealed, their facts and unique values as keyed digests (privacy/sealing.ts).
  const personal = personalOf(definition);
  const profiled = wechat.profile && identity !== null;
  const keys = personal.size > 0 || profiled ? await keyringOf(ctx.db).forWriting(row.id) : null;
  const sealed = keys
    ? sealAnswers(keys, personal, result.answers)
    : { answers: result.answers, generation: 0 };

  // 记录微信昵称头像: sealed like personal answers (its own place under the questionnaire's data key).
  const profile = profiled && identity ? storedProfile(keys, identity) : null;
  const score = result.score;
  const values: Omit<ResponseRow, "id"> = {
    questionnaireId: row.id,
    revisionId: revision.id,
    answers: JSON.stringify(sealed.answers),
    labels: JSON.stringify(labels),
    score: score?.total ?? null,
    maxScore: score?.max ?? null,
    passed: score?.passed === null || score?.passed === undefined ? null : score.passed ? 1 : 0,
    endState: result.end?.kind === "screenOut" ? "screenedOut" : "submitted",
    status: buying ? "invalid" : "valid",
    ip: origin.ip,
    userAgent: origin.userAgent.slice(0, 300),
    deviceId: input.deviceId,
    userId: viewer?.user.id ?? null,
    source: input.source,
    durationSeconds: input.durationSeconds,
    idempotencyKey: input.idempotencyKey,
    submittedAt: iso(now),
    computed: definition.computed.length > 0 ? JSON.stringify(result.computed) : null,
    consentVersion,
    erasedAs: null,
    erasedAt: null,
    sealedGeneration: generationWithProfile(sealed.generation, profile, keys),
    wechatKey,
    wechatProfile: profile,
    // 提交后需审核 (issue #41): pending from this INSERT on, no extra statement.
    reviewState: settings.review.required ? "pending" : null,
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
  };
  const plan: StorePlan = {
    row,
    definition,
    answers: result.answers,
    answerSession: input.answerSession,
    values,
    facts: keys ? sealFacts(keys, personal, facts) : facts,
    quotas: limits,
    sources: sourceLimits(settings, { ip: origin.ip, deviceId: input.deviceId, viewer, wechatKey }, now),
    uniques: keys ? sealUniques(keys, personal, result.unique) : result.unique,
    terms,
    now,
    attempt: input.attempt,
    bookings:
      bookings.length > 0
        ? {
            questionnaireId: row.id,
            respondentKey,
            bookings,
          }
        : undefined,
    order: buying
      ? {
          ...buying,
          questionnaireId: row.id,
          ownerId: row.ownerId,
          buyerKey: respondentKey,
          feeRateBasisPoints: (await ownerEntitlements(ctx.db, row.ownerId, now)).formOrderFeeBp,
        }
      : undefined,
  };
  const stored: BookedResponse =
    ctx.dialect === "postgres"
      ? await storeOnPostgres(ctx.db, plan)
      : await groupTransaction(ctx.db, ctx.dialect, addToCounters, (trx, onCommit, counters, reads) =>
          storeOnSqlite(trx, plan, counters, reads, () => onCommit(() => wakeWebhooks(ctx.db))),
        );
  const reply = await buildReply(ctx, row, definition, stored, result.score);
  if (stored.bookings) reply.bookings = stored.bookings;
  if (buying) {
    // A repeated submit (same idempotency key) answers with the order the first one placed.
    const order = stored.order ?? (await ordersOfResponse(ctx.db, stored.id)).map(submittedOrder)[0];
    if (order) reply.order = order;
  }
  return reply;
}

/**
 * 同意隐私政策: the version the response keeps — the current one, which the respondent must have agreed to
 * while the questionnaire asks for consent (a page opened before the words changed agrees again); null when
 * none is asked. Checked against the settings the store re-checks (`sameGates`), so a change mid-submit retries.
 */
function agreedConsent(settings: QuestionarySettings, agreed: number | undefined): number | null {
  if (!settings.privacyConsent.required) return null;
  if (agreed === undefined) throw InvalidInputError.field("consentVersion", "answerConsentRequired");
  if (agreed !== settings.privacyConsentVersion)
    throw InvalidInputError.field("consentVersion", "answerConsentChanged");
  return agreed;
}

/**
 * SQLite: inside the group commit's transaction (one writer at a time), re-reads the questionnaire, checks
 * state and limits, and stores the response with its facts and counters.
 */
async function storeOnSqlite(
  trx: Trx,
  plan: StorePlan,
  counters: DeferredCounters,
  reads: BatchReads,
  onHooked: () => void,
): Promise<BookedResponse> {
  const { row, values } = plan;
  // Read once per batch: no submit writes the questionnaire, its owner's level, its rewards or its webhooks.
  const locked = await reads.once(
    `questionnaire:${row.id}`,
    async () => (await lockQuestionnaire.execute(trx, { id: row.id })).rows[0],
  );
  if (!locked) throw new ClosedError("deleted", row.kind);
  // Counters are written once per group commit (db/group-commit.ts): the responses earlier in this batch count.
  const current = {
    ...locked,
    responseCount: Number(locked.responseCount) + counters.pending(row.id, "total"),
  };
  if (!sameGates(row, current)) throw new StaleRowError();
  const owner = current.vipLevel === null ? undefined : { ...current, vipLevel: current.vipLevel };
  if (!sameStamp(plan.terms, owner)) throw new StaleRowError();

  const previous = (await responseByKey.execute(trx, { questionnaireId: row.id, key: values.idempotencyKey }))
    .rows[0];
  if (previous) return previous;

  const state = answerState(current, readSettings(current.settings), plan.now);
  if (state !== "open") throw new ClosedError(state, current.kind);
  // One writer at a time: the level's cap is exact here.
  if (plan.terms.cap >= 0 && current.responseCount >= plan.terms.cap)
    throw new ClosedError("stopped", current.kind);
  await checkSourceLimits(trx, current, plan.sources);

  const counts = await readCounters(trx, row.id, [...plan.quotas.keys()]);
  for (const [key, limit] of plan.quotas) {
    if ((counts.get(key) ?? 0) + counters.pending(row.id, key) >= limit)
      throw new ConflictError("answerQuotaFull");
  }
  for (const { questionId, value } of plan.uniques) {
    const taken = await trx
      .selectFrom("response_uniques")
      .select("responseId")
      .where("questionnaireId", "=", row.id)
      .where("questionId", "=", questionId)
      .where("value", "=", value)
      .executeTakeFirst();
    if (taken) throw uniqueTakenError(questionId);
  }

  const claim = await claimFiles(trx, row.id, plan.definition, plan.answers, plan.answerSession);
  const { insertId } = await insertResponse.execute(trx, values);
  if (insertId === undefined) throw new Error("the response was not stored");
  const response: RepliedResponse = {
    id: Number(insertId),
    endState: values.endState,
    score: values.score,
    maxScore: values.maxScore,
    passed: values.passed,
  };
  // An exam attempt ends with its response, or neither is stored (attempt-store.ts).
  if (plan.attempt) await claimAttempt(trx, plan.attempt, response.id, values.submittedAt);
  for (const { questionId, value } of plan.uniques) {
    await trx
      .insertInto("response_uniques")
      .values({ questionnaireId: row.id, questionId, value, responseId: response.id })
      .execute();
  }
  await claim(response.id);
  // The webhook outbox row, in this transaction (commands/webhooks/events.ts says why).
  if (current.hooked) {
    const written = await emitResponseCreatedSqlite.execute(trx, {
      questionnaireId: row.id,
      ownerId: current.ownerId,
      eventId: newEventId(),
      payload: JSON.stringify({ questionnaireId: row.id, responseId: response.id }),
      at: values.submittedAt,
    });
    if (Number(written.numAffectedRows ?? 0) > 0) onHooked();
  }
  // 预约: a full slot or the per-person limit rolls this submit back (its savepoint in the group commit).
  const bookings = booksSlots(plan)
    ? await bookAnswers(trx, plan.bookings, response.id, plan.now)
    : undefined;
  // 商品: the stock is reserved after the response row; a product sold out rolls this submit back too.
  const order = placesOrder(plan) ? await placeOrderOf(trx, plan.order, response.id, plan.now) : undefined;
  await insertFacts(trx, row.id, response.id, plan.facts);
  // A response waiting for its order's payment is stored 无效: its counters are added when it is paid. The
  // batch writes the deltas of all its submits before it commits (one upsert per key, not one per submit).
  if (values.status === "valid") counters.add(row.id, counterEntries(plan.facts, values, 1));
  return { ...response, rewards: rewardsOffered(current.prizeSettings, current.packet), bookings, order };
}

async function submitPreview(
  ctx: AppContext,
  viewer: Viewer | null,
  input: SubmitInput,
  now: Date,
): Promise<SubmitReply> {
  if (!viewer) throw new NotLoggedInError();
  const found = await findByPublicId(ctx.db, input.publicId);
  const row = await loadQuestionnaire(ctx.db, viewer, found.id, "read");
  const definition = readDefinition(row.draft);
  const { result } = checkAnswers(definition, input, now);
  return buildReply(ctx, row, definition, null, result.score, result.end?.kind === "screenOut");
}

export type { ExamResult };
