import type { ExamAttempt, ExamAttemptSync, ExamGuardInput } from "@wjgj/core";
import { expect } from "vitest";
import { issueAnswerToken } from "../src/commands/answering/answer-token.ts";
import { issueCandidateToken } from "../src/commands/exams/candidate-token.ts";
import { publishNew } from "./answering.ts";
import type { BuiltUser } from "./factories.ts";
import { type CallResult, call, nextInContext, type TestContext } from "./helpers.ts";

/** Exams that run attempts (issue #40): a timed two-question exam, its settings, candidates and calls. */

/** Two required single choices (right answers b and d), 10 minutes. */
export function timedExam(timeLimitMinutes = 10) {
  return {
    schemaVersion: 1,
    kind: "exam",
    title: "限时考试",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "q1",
            type: "single",
            title: "发生火灾时应拨打",
            required: true,
            config: {
              options: [
                { id: "a", label: "110" },
                { id: "b", label: "119", correct: true },
              ],
            },
            scoring: { mode: "single", points: 5 },
          },
          {
            id: "q2",
            type: "single",
            title: "急救电话是",
            required: true,
            config: {
              options: [
                { id: "c", label: "114" },
                { id: "d", label: "120", correct: true },
              ],
            },
            scoring: { mode: "single", points: 5 },
          },
        ],
      },
    ],
    settings: { exam: { passMark: 5, ...(timeLimitMinutes > 0 ? { timeLimitMinutes } : {}) } },
  };
}

/** A published exam of `definition` with 考试防作弊 `guard` (and any other settings). */
export async function examWith(
  t: TestContext,
  owner: BuiltUser,
  guard: ExamGuardInput,
  definition: unknown = timedExam(),
  settings: Record<string, unknown> = {},
) {
  const q = await publishNew(t, owner, { kind: "exam", definition });
  const saved = await call(t.app, "POST", "questionary/updateQuestionarySet", {
    token: owner.token,
    json: { id: q.id, settings: { examGuard: guard, ...settings } },
  });
  expect(saved.body.code, saved.body.msg).toBe(200);
  return q;
}

/** A candidate on the exam's list, straight in the database (plain values: encryption reads them as they are). */
export async function insertCandidate(t: TestContext, questionnaireId: number, name: string, number: string) {
  const at = t.clock.now().toISOString();
  const row = await t.db
    .insertInto("exam_candidates")
    .values({
      questionnaireId,
      numberDigest: number,
      number,
      name,
      phone: "",
      phoneDigest: null,
      createdAt: at,
      updatedAt: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, token: issueCandidateToken(t.ctx, { questionnaireId, candidateId: row.id }) };
}

export type StartReply = {
  attempt: ExamAttempt | null;
  open: { revisionId: number; answerToken: string; definition: { pages: { questions: { id: string }[] }[] } };
};

export function startAttempt(
  t: TestContext,
  publicId: string,
  extra: { deviceId?: string; candidateToken?: string; password?: string } = {},
): Promise<CallResult<StartReply>> {
  return call<StartReply>(t.app, "POST", "exam/start", {
    json: { publicId, deviceId: extra.deviceId ?? `device${nextInContext(t)}xx`, ...extra },
    ip: "10.9.0.1",
  });
}

/** exam/start that must succeed: the attempt and the page's data. */
export async function started(
  t: TestContext,
  publicId: string,
  extra: Parameters<typeof startAttempt>[2] = {},
) {
  const res = await startAttempt(t, publicId, extra);
  expect(res.body.code, res.body.msg).toBe(200);
  const data = res.body.data;
  if (!data.attempt) throw new Error("no attempt started");
  return { attempt: data.attempt, open: data.open };
}

export function attemptCall(
  t: TestContext,
  action: "save" | "heartbeat" | "event",
  json: Record<string, unknown>,
) {
  return call<ExamAttemptSync>(t.app, "POST", `exam/${action}`, { json });
}

/** anQuestion/questionAnswer with the attempt's token, as the exam page submits. */
export function submitAttempt(
  t: TestContext,
  publicId: string,
  started: { attempt: ExamAttempt; open: { revisionId: number } },
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId,
      revisionId: started.open.revisionId,
      answers,
      deviceId: started.attempt.seed,
      idempotencyKey: `page-${nextInContext(t)}-key`,
      answerToken: issueAnswerToken(t.ctx, publicId, started.open.revisionId),
      attemptToken: started.attempt.attemptToken,
      ...extra,
    },
  });
}

export async function attemptRows(t: TestContext, questionnaireId: number) {
  return t.db
    .selectFrom("exam_attempts")
    .selectAll()
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id")
    .execute();
}

export async function responseRows(t: TestContext, questionnaireId: number) {
  const rows = await t.db
    .selectFrom("responses")
    .select(["id", "answers", "durationSeconds", "deviceId", "idempotencyKey"])
    .where("questionnaireId", "=", questionnaireId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ ...row, answers: JSON.parse(row.answers) as Record<string, unknown> }));
}

export const right = { q1: { optionId: "b" }, q2: { optionId: "d" } };
