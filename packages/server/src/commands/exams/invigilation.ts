import {
  EXAM_OFFLINE_AFTER_SECONDS,
  type ExamEventKind,
  type ExamLive,
  type ExamLiveAttempt,
  type ExamTimelineEvent,
  examEventLabels,
} from "@wjgj/core";
import { sql } from "kysely";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { keyringOf, sealedFileGeneration } from "../privacy/keyring.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { type AttemptRow, addEvent, attemptById } from "./attempt-store.ts";
import { countCandidates, maskedCandidates } from "./candidates.ts";
import { handIn, settleAttempt, sweepExpiredAttempts } from "./hand-in.ts";

/**
 * The invigilator's side of exam attempts (issue #40): the live page (polled; everything is in the database,
 * so any instance answers it), an attempt's timeline, its snapshots, ending an attempt and adding time. Names
 * and numbers are masked here, the one path to the live page's JSON.
 */

/** An attempt of the questionnaire, or 没有找到这场作答 (another questionnaire's id reads as missing). */
async function attemptOf(ctx: AppContext, questionnaireId: number, attemptId: number): Promise<AttemptRow> {
  const attempt = await attemptById(ctx.db, attemptId);
  if (!attempt || attempt.questionnaireId !== questionnaireId) throw new NotFoundError("examAttemptNotFound");
  return attempt;
}

/** `exam/getLive`: who has started, who is answering, who has finished, switches, the latest snapshot. */
export async function getLive(ctx: AppContext, viewer: Viewer, id: number): Promise<ExamLive> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "results");
  // Attempts whose time is up are handed in before they are counted.
  await sweepExpiredAttempts(ctx, row.id);
  const now = ctx.clock.now();
  const attempts = await ctx.db
    .selectFrom("exam_attempts")
    .leftJoin("responses", "responses.id", "exam_attempts.responseId")
    .selectAll("exam_attempts")
    .select("responses.score")
    .select((eb) =>
      eb
        .selectFrom("exam_events")
        .select((e) => e.fn.max("exam_events.id").as("latest"))
        .whereRef("exam_events.attemptId", "=", "exam_attempts.id")
        .where("exam_events.kind", "=", "snapshot")
        .as("latestSnapshot"),
    )
    .where("exam_attempts.questionnaireId", "=", row.id)
    .orderBy("exam_attempts.id", "desc")
    .execute();
  const masked = await maskedCandidates(
    ctx,
    row.id,
    attempts.flatMap((attempt) => (attempt.candidateId === null ? [] : [attempt.candidateId])),
  );
  const onlineSince = addSeconds(now, -EXAM_OFFLINE_AFTER_SECONDS).getTime();
  const listed = await countCandidates(ctx.db, row.id);
  const answering = new Set<string>();
  const finished = new Set<string>();
  const startedCandidates = new Set<number>();
  for (const attempt of attempts) {
    if (attempt.candidateId !== null) startedCandidates.add(attempt.candidateId);
    if (attempt.status === "active") answering.add(attempt.subject);
  }
  for (const attempt of attempts)
    if (attempt.status !== "active" && !answering.has(attempt.subject)) finished.add(attempt.subject);
  const live: ExamLiveAttempt[] = attempts.map((attempt) => {
    const who =
      attempt.candidateId === null
        ? { name: `设备 ${attempt.seed.slice(0, 4)}`, number: "" }
        : (masked.get(attempt.candidateId) ?? { name: "已移出名单", number: "" });
    const latest = attempt.latestSnapshot;
    return {
      attemptId: attempt.id,
      candidateId: attempt.candidateId,
      name: who.name,
      number: who.number,
      attemptNo: attempt.attemptNo,
      status: attempt.status,
      endedReason: attempt.endedReason,
      startedAt: attempt.startedAt,
      deadline: attempt.deadlineAt,
      addedMinutes: Math.round(attempt.extraSeconds / 60),
      switches: attempt.switches,
      lastSeenAt: attempt.lastSeenAt,
      online: attempt.status === "active" && Date.parse(attempt.lastSeenAt) >= onlineSince,
      latestSnapshot: latest === null || latest === undefined ? null : Number(latest),
      score: attempt.score === null || attempt.score === undefined ? null : Number(attempt.score),
      responseId: attempt.responseId,
    };
  });
  return {
    serverNow: iso(now),
    counts: {
      listed,
      notStarted: Math.max(0, listed - startedCandidates.size),
      answering: answering.size,
      finished: finished.size,
    },
    attempts: live,
  };
}

/** `exam/getTimeline`: the attempt's events, oldest first, in Chinese. */
export async function getTimeline(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  attemptId: number,
): Promise<{ events: ExamTimelineEvent[] }> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "results");
  await attemptOf(ctx, row.id, attemptId);
  const events = await ctx.db
    .selectFrom("exam_events")
    .selectAll()
    .where("attemptId", "=", attemptId)
    .orderBy("id")
    .execute();
  return {
    events: events.map((event) => {
      const kind = event.kind as ExamEventKind;
      return {
        id: event.id,
        kind,
        label: examEventLabels[kind] ?? event.kind,
        at: event.at,
        detail: event.detail,
        snapshot: kind === "snapshot" && event.storageKey !== null,
      };
    }),
  };
}

/** `exam/getSnapshot`: the image's bytes (opened when sealed), for those who may see personal data. */
export async function getSnapshot(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  eventId: number,
): Promise<{ data: Buffer; contentType: string }> {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "revealPersonal");
  const event = await ctx.db
    .selectFrom("exam_events")
    .select(["storageKey", "kind"])
    .where("id", "=", eventId)
    .where("questionnaireId", "=", row.id)
    .executeTakeFirst();
  if (!event?.storageKey || event.kind !== "snapshot") throw new NotFoundError("examAttemptNotFound");
  const stored = await ctx.storage.open(event.storageKey);
  if (!stored) throw new NotFoundError("examAttemptNotFound");
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  let data: Buffer = Buffer.concat(chunks);
  if (sealedFileGeneration(data) !== null)
    data = (await keyringOf(ctx.db).forReading(row.id)).openFile(event.storageKey, data);
  const ext = event.storageKey.slice(event.storageKey.lastIndexOf(".") + 1);
  const contentType = ext === "png" ? "image/png" : ext === "webp" ? "image/webp" : "image/jpeg";
  return { data, contentType };
}

/** `exam/endAttempt`: the invigilator ends an attempt; its saved answers are handed in. */
export async function endAttempt(ctx: AppContext, viewer: Viewer, id: number, attemptId: number) {
  const row = await loadQuestionnaire(ctx.db, viewer, id, "manageResponses");
  const attempt = await settleAttempt(ctx, await attemptOf(ctx, row.id, attemptId));
  if (attempt.status !== "active") throw new ConflictError("examAttemptNotActive");
  const ended = await handIn(ctx, attempt, "invigilator");
  return { status: ended.status, endedReason: ended.endedReason, responseId: ended.responseId };
}

/**
 * `exam/addTime`: more minutes for one attempt. The deadline moves in the same statement that adds the
 * seconds (two invigilators adding at once both count); the page learns it at its next call.
 */
export async function addTime(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; attemptId: number; minutes: number },
) {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  if (!Number.isInteger(input.minutes) || input.minutes < 1 || input.minutes > 120)
    throw InvalidInputError.field("minutes", "examAddTimeInvalid");
  const attempt = await settleAttempt(ctx, await attemptOf(ctx, row.id, input.attemptId));
  if (attempt.deadlineAt === null) throw new ConflictError("examAddTimeNoLimit");
  if (attempt.status !== "active") throw new ConflictError("examAttemptNotActive");
  const now = ctx.clock.now();
  const seconds = input.minutes * 60;
  const deadline = iso(addSeconds(new Date(attempt.deadlineAt), seconds));
  // Moved from the deadline as read, guarded by it: a concurrent addition re-reads and adds on top.
  const moved = await ctx.db
    .updateTable("exam_attempts")
    .set({ extraSeconds: sql`extra_seconds + ${seconds}`, deadlineAt: deadline, updatedAt: iso(now) })
    .where("id", "=", attempt.id)
    .where("status", "=", "active")
    .where("deadlineAt", "=", attempt.deadlineAt)
    .returningAll()
    .executeTakeFirst();
  if (!moved) return addTime(ctx, viewer, input);
  await addEvent(ctx.db, moved, "timeAdded", now, `+${input.minutes} 分钟`);
  return { deadline: moved.deadlineAt, addedMinutes: Math.round(moved.extraSeconds / 60) };
}
