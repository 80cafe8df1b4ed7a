import { randomBytes } from "node:crypto";
import { EXAM_SNAPSHOT_MAX_BYTES, type ExamAttemptSync, type ExamClientEventKind } from "@wjgj/core";
import { sql } from "kysely";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { readSettings } from "../questionnaires/store.ts";
import {
  type AttemptRow,
  addEvent,
  attemptByToken,
  hashAttemptToken,
  MAX_PROGRESS_BYTES,
  pastDeadline,
  storedProgress,
  syncOf,
} from "./attempt-store.ts";
import { handIn } from "./hand-in.ts";

/**
 * What the answer page sends during an attempt (issue #40): saved progress, heartbeats, proctoring events and
 * camera snapshots. Each call answers the state the server decides; past the deadline (and its grace) nothing
 * more is stored and the attempt is handed in with what was saved in time.
 */

/** The attempt of the token, handed in first when its time is up; `live` tells whether the call may still write. */
async function current(ctx: AppContext, token: string): Promise<{ attempt: AttemptRow; live: boolean }> {
  const attempt = await attemptByToken(ctx.db, token);
  if (attempt.status !== "active") return { attempt, live: false };
  if (pastDeadline(attempt, ctx.clock.now()))
    return { attempt: await handIn(ctx, attempt, "timeout"), live: false };
  return { attempt, live: true };
}

/**
 * Updates the attempt while it is active and still held by this token (a resume on another device replaces the
 * token: its writes then fail with examAttemptInvalid). Answers the row as updated.
 */
async function touch(
  ctx: AppContext,
  attempt: AttemptRow,
  token: string,
  values: Partial<Pick<AttemptRow, "progress" | "savedAt" | "pageId" | "history">>,
): Promise<AttemptRow> {
  const at = iso(ctx.clock.now());
  const updated = await ctx.db
    .updateTable("exam_attempts")
    .set({ ...values, lastSeenAt: at, updatedAt: at })
    .where("id", "=", attempt.id)
    .where("tokenHash", "=", hashAttemptToken(token))
    .where("status", "=", "active")
    .returningAll()
    .executeTakeFirst();
  if (updated) return updated;
  // Ended meanwhile (the sync says so), or taken over by another device.
  return (await current(ctx, token)).attempt;
}

export interface SaveInput {
  attemptToken: string;
  answers: Record<string, unknown>;
  pageId?: string | undefined;
  history?: string[] | undefined;
}

/** `exam/save`: the answers so far (every answer, not only at submit); a resume starts from them. */
export async function saveProgress(ctx: AppContext, input: SaveInput): Promise<ExamAttemptSync> {
  const { attempt, live } = await current(ctx, input.attemptToken);
  if (!live) return syncOf(attempt, ctx.clock.now());
  const text = JSON.stringify(input.answers);
  if (Buffer.byteLength(text) > MAX_PROGRESS_BYTES)
    throw InvalidInputError.field("answers", "examProgressTooLarge");
  const saved = await touch(ctx, attempt, input.attemptToken, {
    progress: await storedProgress(ctx.db, attempt.questionnaireId, input.answers),
    savedAt: iso(ctx.clock.now()),
    pageId: input.pageId ?? null,
    history: JSON.stringify(input.history ?? []),
  });
  return syncOf(saved, ctx.clock.now());
}

/** `exam/heartbeat`: the page is still there (the live page's 在线), and learns the server's clock and state. */
export async function heartbeat(ctx: AppContext, token: string): Promise<ExamAttemptSync> {
  const { attempt, live } = await current(ctx, token);
  if (!live) return syncOf(attempt, ctx.clock.now());
  return syncOf(await touch(ctx, attempt, token, {}), ctx.clock.now());
}

export interface EventInput {
  attemptToken: string;
  kind: ExamClientEventKind;
  /** How long the page was offline (seconds), with `online` (or `offline` reported late). */
  seconds?: number | undefined;
}

/**
 * `exam/event`: a proctoring event on the attempt's timeline. Leaving the page and leaving full screen count
 * (atomically, so two tabs reporting at once both count); past the questionnaire's 切屏限制 the attempt is
 * handed in with the answers saved so far.
 */
export async function recordEvent(ctx: AppContext, input: EventInput): Promise<ExamAttemptSync> {
  const { attempt, live } = await current(ctx, input.attemptToken);
  const now = ctx.clock.now();
  if (!live) return syncOf(attempt, now);
  const at = iso(now);
  if (input.kind === "switch" || input.kind === "fullscreenExit") {
    const counted = await ctx.db
      .updateTable("exam_attempts")
      .set({ switches: sql`switches + 1`, lastSeenAt: at, updatedAt: at })
      .where("id", "=", attempt.id)
      .where("tokenHash", "=", hashAttemptToken(input.attemptToken))
      .where("status", "=", "active")
      .returningAll()
      .executeTakeFirst();
    if (!counted) return syncOf((await current(ctx, input.attemptToken)).attempt, now);
    await addEvent(ctx.db, counted, input.kind, now, `第 ${counted.switches} 次`);
    const questionnaire = await ctx.db
      .selectFrom("questionnaires")
      .select("settings")
      .where("id", "=", attempt.questionnaireId)
      .executeTakeFirst();
    const limit = questionnaire ? readSettings(questionnaire.settings).tabSwitchLimit : 0;
    if (limit > 0 && counted.switches > limit) return syncOf(await handIn(ctx, counted, "tabSwitch"), now);
    return syncOf(counted, now);
  }
  const touched = await touch(ctx, attempt, input.attemptToken, {});
  const detail = input.seconds !== undefined && input.seconds > 0 ? `断开 ${input.seconds} 秒` : "";
  await addEvent(ctx.db, attempt, input.kind, now, detail);
  return syncOf(touched, now);
}

/** JPEG, PNG and WebP by their first bytes (the name and the declared type are the client's word). */
export function snapshotType(data: Buffer): { ext: string; contentType: string } | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { ext: "jpg", contentType: "image/jpeg" };
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { ext: "png", contentType: "image/png" };
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  )
    return { ext: "webp", contentType: "image/webp" };
  return null;
}

/**
 * `exam/snapshot`: a camera frame of 摄像头监考, stored through the storage interface (sealed with the
 * questionnaire's data key when it seals) under a key no one can guess, never at a public URL; the invigilator
 * reads it through `exam/getSnapshot`.
 */
export async function storeSnapshot(
  ctx: AppContext,
  input: { attemptToken: string; data: Buffer },
): Promise<ExamAttemptSync> {
  const { attempt, live } = await current(ctx, input.attemptToken);
  const now = ctx.clock.now();
  if (!live) return syncOf(attempt, now);
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select("settings")
    .where("id", "=", attempt.questionnaireId)
    .executeTakeFirst();
  if (!questionnaire || !readSettings(questionnaire.settings).examGuard.camera)
    throw new ConflictError("examCameraOff");
  if (input.data.length > EXAM_SNAPSHOT_MAX_BYTES)
    throw InvalidInputError.field("file", "examSnapshotTooLarge");
  const type = snapshotType(input.data);
  if (!type) throw InvalidInputError.field("file", "examSnapshotInvalid");
  const key = `exam-snapshots/${attempt.questionnaireId}/${attempt.id}/${randomBytes(16).toString("hex")}.${type.ext}`;
  const touched = await touch(ctx, attempt, input.attemptToken, {});
  // The event first: a file is only ever stored under a key its questionnaire's events name, so deleting the
  // questionnaire finds every one (and a timeline already full stores no more).
  const eventId = await addEvent(ctx.db, attempt, "snapshot", now, "", key);
  if (eventId === null) return syncOf(touched, now);
  const keys = await keyringOf(ctx.db).forWriting(attempt.questionnaireId);
  const bytes = keys.sealing ? keys.sealFile(key, input.data) : input.data;
  try {
    await ctx.storage.put(key, bytes, { contentType: type.contentType, exclusive: true });
  } catch (error) {
    await ctx.db.deleteFrom("exam_events").where("id", "=", eventId).execute();
    throw error;
  }
  return syncOf(touched, now);
}
