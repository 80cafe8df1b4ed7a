import { randomBytes } from "node:crypto";
import {
  type ExamAttempt,
  type ExamAttemptsUsedData,
  type ExamCandidateSelf,
  examUsesAttempts,
  ResultCode,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { AppError, ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { findByPublicId, type OpenQuestionnaire, openQuestionnaire } from "../answering/open.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { readSettings } from "../questionnaires/store.ts";
import {
  type AttemptRow,
  addEvent,
  deadlineOf,
  hashAttemptToken,
  newAttemptToken,
  readProgress,
  syncOf,
} from "./attempt-store.ts";
import { verifyCandidateToken } from "./candidate-token.ts";
import { openCandidate } from "./candidates.ts";
import { settleAttempt } from "./hand-in.ts";

export interface StartAttemptInput {
  publicId: string;
  deviceId: string;
  candidateToken?: string | undefined;
  password?: string | undefined;
}

/** `exam/start`: the attempt (null while the exam is closed or a gate is still to pass) and the page's data. */
export interface StartAttemptResult {
  attempt: ExamAttempt | null;
  open: OpenQuestionnaire;
}

/** Tries of the find-or-create below: each lost race leaves a winner the next try resumes. */
const START_TRIES = 5;

/**
 * `exam/start` (issue #40): opens the candidate's (or, without a list, the device's) attempt, or resumes the
 * active one — on any device: a new token replaces the old (whose calls then fail), and the same seed gives the
 * same paper. A new attempt needs one left (`examGuard.attempts`); the unique (questionnaire, subject, number)
 * settles concurrent starts, the losers resuming the winner. The clock is the server's: the deadline is the start
 * plus the revision's time limit.
 */
export async function startAttempt(
  ctx: AppContext,
  viewer: Viewer | null,
  input: StartAttemptInput,
  origin: { ip: string; userAgent: string },
): Promise<StartAttemptResult> {
  // The page's gates (state, login, password) first, without drawing any paper.
  const probe = await openQuestionnaire(ctx, viewer, {
    publicId: input.publicId,
    password: input.password,
    ip: origin.ip,
  });
  if (probe.state !== "open" || (probe.gate !== null && probe.gate !== "candidate"))
    return { attempt: null, open: probe };
  const row = await findByPublicId(ctx.db, input.publicId);
  const settings = readSettings(row.settings);
  const revision =
    row.publishedVersion === null ? null : await publishedRevision(ctx.db, row.id, row.publishedVersion);
  const limit = revision?.definition.settings.exam?.timeLimitMinutes;
  // An exam without attempts (the page should not have asked): its page data as getQuestionary gives it.
  if (!revision || !examUsesAttempts(row.kind, settings.examGuard, limit)) {
    const open = await openQuestionnaire(ctx, viewer, {
      publicId: input.publicId,
      password: input.password,
      ip: origin.ip,
      deviceId: input.deviceId,
    });
    return { attempt: null, open };
  }
  const guard = settings.examGuard;

  let candidateId: number | null = null;
  let candidate: ExamCandidateSelf | null = null;
  if (guard.candidatesOnly) {
    candidateId = verifyCandidateToken(ctx, input.candidateToken, row.id).candidateId;
    candidate = await openCandidate(ctx, row.id, candidateId);
    if (!candidate) throw InvalidInputError.field("candidateToken", "examNotCandidate");
  }
  const subject = candidateId === null ? `d:${input.deviceId}` : `c:${candidateId}`;
  const token = newAttemptToken();
  const base = { questionnaireId: row.id, subject };

  let attempt: AttemptRow | undefined;
  for (let tries = 0; !attempt && tries < START_TRIES; tries++) {
    const now = ctx.clock.now();
    // One read of the subject's attempts: the active one and the last number come from the same snapshot.
    const mine = await ctx.db
      .selectFrom("exam_attempts")
      .selectAll()
      .where("questionnaireId", "=", row.id)
      .where("subject", "=", subject)
      .orderBy("attemptNo", "desc")
      .execute();
    const active = mine.find((item) => item.status === "active");
    if (active) {
      if ((await settleAttempt(ctx, active)).status !== "active") continue;
      attempt = await resume(ctx, active, token, origin, now);
      continue;
    }
    const last = mine[0]?.attemptNo ?? 0;
    if (last >= guard.attempts) {
      const data: ExamAttemptsUsedData = { attemptsLeft: 0 };
      throw new AppError(ResultCode.conflict, "examAttemptsUsed", data);
    }
    const at = iso(now);
    const inserted = await ctx.db
      .insertInto("exam_attempts")
      .values({
        ...base,
        candidateId,
        attemptNo: last + 1,
        revisionId: revision.id,
        // A candidate's paper follows them from device to device; a device's attempt is its own.
        seed: candidateId === null ? input.deviceId : randomBytes(16).toString("base64url"),
        tokenHash: hashAttemptToken(token),
        status: "active",
        endedReason: null,
        startedAt: at,
        deadlineAt: deadlineOf(now, limit, 0),
        lastSeenAt: at,
        savedAt: null,
        pageId: null,
        responseId: null,
        ip: origin.ip.slice(0, 64),
        userAgent: origin.userAgent.slice(0, 300),
        updatedAt: at,
      })
      .onConflict((oc) => oc.columns(["questionnaireId", "subject", "attemptNo"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    // Lost the race for this number: the next try finds the winner and resumes it.
    if (!inserted) continue;
    await addEvent(ctx.db, inserted, "start", now);
    attempt = inserted;
  }
  if (!attempt) throw new ConflictError("examAttemptInvalid");

  const open = await openQuestionnaire(ctx, viewer, {
    publicId: input.publicId,
    password: input.password,
    ip: origin.ip,
    deviceId: attempt.seed,
    candidateSeed: candidateId === null ? undefined : attempt.seed,
  });
  const progress = await readProgress(ctx.db, attempt);
  return {
    attempt: {
      ...syncOf(attempt, ctx.clock.now()),
      attemptToken: token,
      attemptNo: attempt.attemptNo,
      attemptsAllowed: guard.attempts,
      seed: attempt.seed,
      answers: progress.answers,
      pageId: progress.pageId,
      history: progress.history,
      candidate,
    },
    open,
  };
}

/** The active attempt, now held by this device: its token replaces the old one. Undefined if it just ended. */
async function resume(
  ctx: AppContext,
  active: AttemptRow,
  token: string,
  origin: { ip: string; userAgent: string },
  now: Date,
): Promise<AttemptRow | undefined> {
  const at = iso(now);
  const resumed = await ctx.db
    .updateTable("exam_attempts")
    .set({
      tokenHash: hashAttemptToken(token),
      lastSeenAt: at,
      updatedAt: at,
      ip: origin.ip.slice(0, 64),
      userAgent: origin.userAgent.slice(0, 300),
    })
    .where("id", "=", active.id)
    .where("status", "=", "active")
    .returningAll()
    .executeTakeFirst();
  if (resumed) await addEvent(ctx.db, resumed, "resume", now);
  return resumed;
}
