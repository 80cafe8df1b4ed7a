import { EXAM_GRACE_SECONDS, type ExamEndedReason } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { submitResponse } from "../answering/submit.ts";
import {
  type AttemptRow,
  addEvent,
  attemptById,
  attemptResponseKey,
  attemptSeconds,
  endedDetails,
  pastDeadline,
  readProgress,
} from "./attempt-store.ts";

type HandInContext = AppContext;

/**
 * Hands in an active attempt (issue #40): its saved progress goes through the normal submit path as a forced
 * submission (missing required answers excused, answers that no longer validate dropped), from the address the
 * attempt was started from, and the attempt ends with `reason`. The response is stored under the attempt's key
 * and claims the attempt in its transaction, so a hand-in racing the candidate's submit, the sweep or the
 * invigilator stores one response whichever comes first. Answers the attempt as it is afterwards.
 */
export async function handIn(
  ctx: HandInContext,
  attempt: AttemptRow,
  reason: ExamEndedReason,
): Promise<AttemptRow> {
  if (attempt.status !== "active") return attempt;
  const now = ctx.clock.now();
  const row = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "publicId", "publishedVersion"])
    .where("id", "=", attempt.questionnaireId)
    .executeTakeFirst();
  const revision =
    row && row.publishedVersion !== null
      ? await publishedRevision(ctx.db, row.id, row.publishedVersion)
      : null;
  if (!row || !revision) return await endWithoutResponse(ctx, attempt, reason);
  const progress = await readProgress(ctx.db, attempt);
  try {
    await submitResponse(
      ctx,
      null,
      {
        publicId: row.publicId,
        revisionId: revision.id,
        answers: progress.answers,
        durationSeconds: attemptSeconds(attempt, now),
        deviceId: attempt.seed,
        idempotencyKey: attemptResponseKey(attempt.id),
        source: "link",
        forced: reason === "tabSwitch" ? "tabSwitch" : "timeout",
        attempt: {
          id: attempt.id,
          questionnaireId: attempt.questionnaireId,
          status: "ended",
          reason,
          handIn: true,
        },
      },
      { ip: attempt.ip, userAgent: attempt.userAgent },
    );
  } catch (error) {
    // Refused (closed since, a response cap, the attempt ended meanwhile without a response): the attempt still
    // ends, so no sweep tries it again; its saved progress stays on the attempt.
    if (!(error instanceof AppError)) throw error;
    return await endWithoutResponse(ctx, attempt, reason);
  }
  return (await attemptById(ctx.db, attempt.id)) ?? attempt;
}

async function endWithoutResponse(
  ctx: HandInContext,
  attempt: AttemptRow,
  reason: ExamEndedReason,
): Promise<AttemptRow> {
  const at = ctx.clock.now();
  const result = await ctx.db
    .updateTable("exam_attempts")
    .set({ status: "ended", endedReason: reason, updatedAt: iso(at) })
    .where("id", "=", attempt.id)
    .where("status", "=", "active")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) await addEvent(ctx.db, attempt, "ended", at, endedDetails[reason]);
  return (await attemptById(ctx.db, attempt.id)) ?? attempt;
}

/** The attempt, handed in first when its time (and the grace) is up: every read of an attempt calls this. */
export async function settleAttempt(ctx: HandInContext, attempt: AttemptRow): Promise<AttemptRow> {
  if (attempt.status === "active" && pastDeadline(attempt, ctx.clock.now()))
    return handIn(ctx, attempt, "timeout");
  return attempt;
}

/** Attempts a sweep hands in at a time. */
const SWEEP_BATCH = 50;

/**
 * Hands in attempts whose deadline and grace have passed (an abandoned browser never comes back to be handed in
 * lazily): all of them, or one questionnaire's (the live page, before it counts). Safe on every instance at once:
 * each hand-in stores under the attempt's key and claims only an active attempt. Answers how many it handed in.
 */
export async function sweepExpiredAttempts(ctx: HandInContext, questionnaireId?: number): Promise<number> {
  const cutoff = iso(addSeconds(ctx.clock.now(), -EXAM_GRACE_SECONDS));
  let handed = 0;
  for (;;) {
    let query = ctx.db
      .selectFrom("exam_attempts")
      .selectAll()
      .where("status", "=", "active")
      .where("deadlineAt", "is not", null)
      .where("deadlineAt", "<", cutoff);
    if (questionnaireId !== undefined) query = query.where("questionnaireId", "=", questionnaireId);
    const due = await query.orderBy("deadlineAt").limit(SWEEP_BATCH).execute();
    let ended = 0;
    for (const attempt of due) {
      const after = await handIn(ctx, attempt, "timeout");
      if (after.status !== "active") ended += 1;
    }
    handed += ended;
    if (due.length < SWEEP_BATCH || ended === 0) return handed;
  }
}
