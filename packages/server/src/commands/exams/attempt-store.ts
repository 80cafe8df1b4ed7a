import { createHash, randomBytes } from "node:crypto";
import {
  EXAM_GRACE_SECONDS,
  type ExamAttemptSync,
  type ExamEndedReason,
  type ExamEventKind,
} from "@wjgj/core";
import type { Selectable } from "kysely";
import { addSeconds, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import type { ExamAttemptsTable } from "../../db/tables/exam-integrity.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import { isSealed, keyringOf } from "../privacy/keyring.ts";

/**
 * Exam attempts (issue #40), the part every attempt call shares: tokens, the sync the page follows, saved
 * progress (sealed whole under the questionnaire's data key when it seals), timeline events, and the claim that
 * ends an attempt in the same transaction as the response that closes it.
 */
export type AttemptRow = Selectable<ExamAttemptsTable>;

/** Where saved progress is sealed (a place of its own under the questionnaire's data key). */
export const ATTEMPT_PROGRESS_PLACE = "~attempt";
/** The largest saved progress (JSON of the answers); a page answers a few kB. */
export const MAX_PROGRESS_BYTES = 256 * 1024;
/** Timeline events kept per attempt: a page that reports in a loop cannot fill the table. */
export const MAX_EVENTS_PER_ATTEMPT = 1000;

/** The token the browser holds; only its sha256 is stored. */
export function newAttemptToken(): string {
  return randomBytes(24).toString("base64url");
}

export function hashAttemptToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * The idempotency key of the one response of an attempt: every way an attempt ends (the candidate's submit,
 * the deadline, tab switches, the invigilator) stores under it, so however they race only one response exists.
 */
export function attemptResponseKey(attemptId: number): string {
  return `exam-attempt-${attemptId}`;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The attempt of a token, or 本次考试已在其他设备上继续或已失效 (a resume elsewhere replaced it). */
export async function attemptByToken(db: Db | Trx, token: string | undefined): Promise<AttemptRow> {
  const refuse = () => InvalidInputError.field("attemptToken", "examAttemptInvalid");
  if (!token || !TOKEN_PATTERN.test(token)) throw refuse();
  const row = await db
    .selectFrom("exam_attempts")
    .selectAll()
    .where("tokenHash", "=", hashAttemptToken(token))
    .executeTakeFirst();
  if (!row) throw refuse();
  return row;
}

export async function attemptById(db: Db | Trx, id: number): Promise<AttemptRow | undefined> {
  return db.selectFrom("exam_attempts").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Attempts a subject (`c:<candidate>` or `d:<device>`) may still start or resume: an active one counts as one
 * left (exam/start resumes it). The page learns it before offering 开始考试 (sign-in, opening); exam/start
 * decides on its own read.
 */
export async function attemptsLeft(
  db: Db,
  questionnaireId: number,
  subject: string,
  allowed: number,
): Promise<number> {
  const mine = await db
    .selectFrom("exam_attempts")
    .select(["attemptNo", "status"])
    .where("questionnaireId", "=", questionnaireId)
    .where("subject", "=", subject)
    .execute();
  if (mine.some((attempt) => attempt.status === "active")) return 1;
  const last = Math.max(0, ...mine.map((attempt) => attempt.attemptNo));
  return Math.max(0, allowed - last);
}

/** Whether the attempt's time is up, the grace included: nothing the page sends after it counts. */
export function pastDeadline(attempt: Pick<AttemptRow, "deadlineAt">, now: Date): boolean {
  return (
    attempt.deadlineAt !== null && now.getTime() > Date.parse(attempt.deadlineAt) + EXAM_GRACE_SECONDS * 1000
  );
}

/** Seconds answered as the server counts them: from the start to now, at most to the deadline. */
export function attemptSeconds(attempt: Pick<AttemptRow, "startedAt" | "deadlineAt">, now: Date): number {
  const end = attempt.deadlineAt ? Math.min(now.getTime(), Date.parse(attempt.deadlineAt)) : now.getTime();
  return Math.max(0, Math.floor((end - Date.parse(attempt.startedAt)) / 1000));
}

export function deadlineOf(startedAt: Date, timeLimitMinutes: number | undefined, extraSeconds: number) {
  if (!timeLimitMinutes || timeLimitMinutes <= 0) return null;
  return iso(addSeconds(startedAt, timeLimitMinutes * 60 + extraSeconds));
}

export function syncOf(attempt: AttemptRow, now: Date): ExamAttemptSync {
  return {
    status: attempt.status,
    deadline: attempt.deadlineAt ? Date.parse(attempt.deadlineAt) : null,
    serverNow: now.getTime(),
    switches: attempt.switches,
    endedReason: attempt.endedReason,
    responseId: attempt.responseId,
  };
}

export interface AttemptProgress {
  answers: Record<string, unknown>;
  pageId: string | null;
  history: string[];
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function parseHistory(text: string): string[] {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/** The saved progress, opened when sealed. */
export async function readProgress(db: Db, attempt: AttemptRow): Promise<AttemptProgress> {
  let text = attempt.progress;
  if (isSealed(text)) {
    const keys = await keyringOf(db).forReading(attempt.questionnaireId);
    text = keys.openText(ATTEMPT_PROGRESS_PLACE, text);
  }
  return { answers: parseObject(text), pageId: attempt.pageId, history: parseHistory(attempt.history) };
}

/** Progress as stored: sealed whole when the questionnaire's keyring seals. */
export async function storedProgress(db: Db, questionnaireId: number, answers: Record<string, unknown>) {
  const text = JSON.stringify(answers);
  const keys = await keyringOf(db).forWriting(questionnaireId);
  return keys.sealing ? keys.sealText(ATTEMPT_PROGRESS_PLACE, text) : text;
}

/** Adds a timeline event, unless the attempt has MAX_EVENTS_PER_ATTEMPT already. Returns its id (or null). */
export async function addEvent(
  db: Db | Trx,
  attempt: Pick<AttemptRow, "id" | "questionnaireId">,
  kind: ExamEventKind,
  at: Date,
  detail = "",
  storageKey: string | null = null,
): Promise<number | null> {
  const count = await db
    .selectFrom("exam_events")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("attemptId", "=", attempt.id)
    .executeTakeFirst();
  if (Number(count?.count ?? 0) >= MAX_EVENTS_PER_ATTEMPT) return null;
  const row = await db
    .insertInto("exam_events")
    .values({
      questionnaireId: attempt.questionnaireId,
      attemptId: attempt.id,
      kind,
      at: iso(at),
      detail: detail.slice(0, 200),
      storageKey,
    })
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export const endedDetails: Record<ExamEndedReason, string> = {
  timeout: "考试时间到，按已保存的答案交卷",
  tabSwitch: "切屏次数超过限制",
  invigilator: "监考老师结束考试",
};

/** How an attempt ends with its response: set by the submit path, never taken from a request. */
export interface AttemptClaim {
  id: number;
  questionnaireId: number;
  status: "submitted" | "ended";
  reason: ExamEndedReason | null;
  /** A server-side hand-in (the deadline, tab switches, the invigilator): the page's gates were passed at start. */
  handIn: boolean;
}

/**
 * Ends the attempt with its response, inside the transaction that stores the response: only an active attempt
 * is claimed, so the response and the attempt's end commit together or not at all. A response already stored
 * under the attempt's key is found before this runs (the store answers it), so reaching an attempt that is no
 * longer active means it ended without a response: 本次考试已结束.
 */
export async function claimAttempt(trx: Trx, claim: AttemptClaim, responseId: number, at: string) {
  const result = await trx
    .updateTable("exam_attempts")
    .set({ status: claim.status, endedReason: claim.reason, responseId, updatedAt: at, lastSeenAt: at })
    .where("id", "=", claim.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new ConflictError("examAttemptOver");
  const detail = claim.reason ? endedDetails[claim.reason] : "";
  await addEvent(trx, claim, claim.status === "submitted" ? "submit" : "ended", new Date(at), detail);
}

/**
 * A data-key rotation's pass over saved progress (commands/privacy/key-rotation.ts): progress sealed under an
 * older generation is sealed again under the newest, each row only if it is still as read (a save in between wins).
 */
export async function resealProgress(db: Db, questionnaireId: number): Promise<number> {
  const keys = await keyringOf(db).forReading(questionnaireId);
  if (!keys.sealing || keys.generation === 0) return 0;
  const rows = await db
    .selectFrom("exam_attempts")
    .select(["id", "progress"])
    .where("questionnaireId", "=", questionnaireId)
    .where("progress", "like", "enc:v1:%")
    .where("progress", "not like", `enc:v1:${keys.generation}:%`)
    .execute();
  let resealed = 0;
  for (const row of rows) {
    const text = keys.openText(ATTEMPT_PROGRESS_PLACE, row.progress);
    const updated = await db
      .updateTable("exam_attempts")
      .set({ progress: keys.sealText(ATTEMPT_PROGRESS_PLACE, text) })
      .where("id", "=", row.id)
      .where("progress", "=", row.progress)
      .executeTakeFirst();
    resealed += Number(updated.numUpdatedRows);
  }
  return resealed;
}

/** Whether saved progress is still sealed under `generation` (the old key is kept until none is). */
export async function progressUnder(db: Db, questionnaireId: number, generation: number): Promise<boolean> {
  const row = await db
    .selectFrom("exam_attempts")
    .select("id")
    .where("questionnaireId", "=", questionnaireId)
    .where("progress", "like", `enc:v1:${generation}:%`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
