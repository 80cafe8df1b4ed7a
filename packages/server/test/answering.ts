import type { Question, QuestionnaireKind } from "@wjgj/core";
import { expect } from "vitest";
import { issueAnswerToken } from "../src/commands/answering/answer-token.ts";
import { type BuiltUser, buildQuestionnaire } from "./factories.ts";
import { call, nextInContext, type TestContext } from "./helpers.ts";

/**
 * Publishing and opening a questionnaire the way its creator and the answering page do:
 * questionary/releaseQuestionary, then anQuestion/getQuestionary for the revision and answering token.
 */

/** questionary/releaseQuestionary as `by`; throws unless it succeeded. */
export async function releaseQuestionnaire(t: TestContext, by: BuiltUser, id: number) {
  const res = await call(t.app, "POST", "questionary/releaseQuestionary", {
    token: by.token,
    params: { id },
  });
  if (res.body.code !== 200) throw new Error(`publish failed: ${res.body.msg}`);
}

/** A new questionnaire of `values` owned by `owner`, published. */
export async function publishNew(
  t: TestContext,
  owner: BuiltUser,
  values: { kind?: QuestionnaireKind; title?: string; definition?: unknown },
) {
  const q = await buildQuestionnaire(t, owner, values);
  await releaseQuestionnaire(t, owner, q.id);
  return q;
}

/** The answering page's state: what getQuestionary gives it. */
export async function openAnswering<T = { definition: unknown }>(t: TestContext, publicId: string) {
  const open = await call<{ revisionId: number; answerToken: string } & T>(
    t.app,
    "GET",
    "anQuestion/getQuestionary",
    { params: { publicId } },
  );
  return open.body.data;
}

/**
 * One required single choice 您满意吗 (rate: yes 满意 / no 不满意), plus a text question `textId` when
 * given: the small questionnaire the submit-path tests answer.
 */
export function satisfactionSurvey(title: string, textId?: string) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "rate",
            type: "single",
            title: "您满意吗",
            required: true,
            config: {
              options: [
                { id: "yes", label: "满意" },
                { id: "no", label: "不满意" },
              ],
            },
          },
          ...(textId ? [{ id: textId, type: "text", title: "意见", config: {} }] : []),
        ],
      },
    ],
  };
}

/**
 * anQuestion/questionAnswer with a fresh answering token for the revision, a new idempotency key and
 * device each call; `extra` is merged into the body (its `ip`, if any, is the caller's address).
 */
export function submitWithToken(
  t: TestContext,
  publicId: string,
  revisionId: number,
  answers: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const keySeq = nextInContext(t);
  return call<{ responseId: number; endState: string; exam: unknown }>(
    t.app,
    "POST",
    "anQuestion/questionAnswer",
    {
      json: {
        publicId,
        revisionId,
        answers,
        idempotencyKey: `key-${Date.now()}-${keySeq}`,
        deviceId: `device-${keySeq}`,
        answerToken: issueAnswerToken(t.ctx, publicId, revisionId),
        ...extra,
      },
      ip: (extra.ip as string | undefined) ?? `10.2.0.${keySeq % 250}`,
    },
  );
}

/** What a 随机组卷 candidate opens: the revision and their own paper. */
export type PaperOpen = { revisionId: number; definition: { pages: { questions: Question[] }[] } | null };

/** Opens an exam on `deviceId`: for 随机组卷, draws (or finds) that device's paper. */
export async function openPaper(t: TestContext, publicId: string, deviceId: string): Promise<PaperOpen> {
  const res = await call<PaperOpen>(t.app, "GET", "anQuestion/getQuestionary", {
    params: { publicId, deviceId },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

/** Submits `answers` from `deviceId` (graded against its paper); the reply is returned as it came. */
export function submitPaper(
  t: TestContext,
  publicId: string,
  revisionId: number,
  deviceId: string,
  answers: Record<string, unknown>,
) {
  return call<{ responseId: number; exam: { total: number; max: number } | null }>(
    t.app,
    "POST",
    "anQuestion/questionAnswer",
    {
      json: {
        publicId,
        revisionId,
        answers,
        deviceId,
        idempotencyKey: `key-${deviceId}`,
        answerToken: issueAnswerToken(t.ctx, publicId, revisionId),
      },
    },
  );
}
