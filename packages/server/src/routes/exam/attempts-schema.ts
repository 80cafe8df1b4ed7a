import { examClientEventKinds, messages } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, enumParam, idParam, intFromText } from "../../http/params.ts";

/** `exam/*` attempt calls (issue #40): what the answer page and the invigilator's page send. */

const publicIdParam = z
  .string({ error: messages.answerNotFound })
  .trim()
  .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound);

/** The answering device (its id seeds a device's paper), as getQuestionary takes it. */
const deviceIdParam = z
  .string({ error: messages.answerInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.answerInvalid);

/** Checked in full against the stored hashes (attempt-store.ts); a wrong one is 请重新登录考试. */
const attemptTokenParam = z
  .string({ error: messages.examAttemptInvalid })
  .max(100, messages.examAttemptInvalid);

export const startInput = z.object({
  publicId: publicIdParam,
  deviceId: deviceIdParam,
  /** From `exam/signIn`; checked by verifyCandidateToken, which tells missing from expired. */
  candidateToken: blankAsAbsent(
    z.string({ error: messages.examSignInExpired }).max(200, messages.examSignInExpired),
  ),
  password: blankAsAbsent(
    z.string({ error: messages.answerPasswordWrong }).max(32, messages.answerPasswordWrong),
  ),
});

/** Answers by question id, as anQuestion/questionAnswer takes them (core validates them at the submit). */
const answersParam = z.custom<Record<string, unknown>>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.keys(value).length <= 2000 &&
    Object.keys(value).every((key) => key.length <= 64),
  { error: messages.answerInvalid },
);

export const saveInput = z.object({
  attemptToken: attemptTokenParam,
  answers: answersParam,
  pageId: blankAsAbsent(z.string({ error: messages.answerInvalid }).max(64, messages.answerInvalid)),
  history: z
    .array(z.string({ error: messages.answerInvalid }).max(64, messages.answerInvalid), {
      error: messages.answerInvalid,
    })
    .max(500, messages.answerInvalid)
    .optional(),
});

export const heartbeatInput = z.object({ attemptToken: attemptTokenParam });

export const eventInput = z.object({
  attemptToken: attemptTokenParam,
  kind: enumParam(examClientEventKinds, "answerInvalid"),
  seconds: blankAsAbsent(intFromText("answerInvalid", 0, 86_400)),
});

export const snapshotInput = z.object({
  attemptToken: attemptTokenParam,
  file: z.object(
    { filename: z.string().max(255), data: z.instanceof(Buffer) },
    { error: messages.examSnapshotInvalid },
  ),
});

export const liveInput = z.object({ id: idParam });
export const attemptInput = z.object({ id: idParam, attemptId: idParam });
export const snapshotReadInput = z.object({ id: idParam, eventId: idParam });
export const addTimeInput = z.object({
  id: idParam,
  attemptId: idParam,
  minutes: intFromText("examAddTimeInvalid", 1, 120),
});
