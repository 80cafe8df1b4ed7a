import { type APIRequestContext, expect } from "@playwright/test";
import { apiLogin, DEMO_PERSONAL } from "./accounts.ts";

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Created {
  id: number;
  publicId: string;
  token: string;
}

async function call<T>(
  request: APIRequestContext,
  method: "GET" | "POST",
  path: string,
  token: string,
  body: { params?: Record<string, string | number>; form?: Record<string, string | number>; json?: unknown },
): Promise<T> {
  const response = await request.fetch(`/wjgj/api/${path}`, {
    method,
    headers: { token },
    ...(body.params ? { params: body.params } : {}),
    ...(body.form ? { form: body.form } : {}),
    ...(body.json !== undefined ? { data: body.json } : {}),
  });
  const envelope = (await response.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
  return envelope.data;
}

/** Titles unique to this run, so questionnaires of earlier runs never get in the way. */
export const unique = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

type Definition = { kind: string; title: string; [key: string]: unknown };

/** Creates a questionnaire with a definition as the demo account (a draft, not published). */
export async function createQuestionnaire(
  request: APIRequestContext,
  definition: Definition,
): Promise<Created> {
  const { token } = await apiLogin(request, DEMO_PERSONAL);
  const created = await call<{ id: number; publicId: string }>(
    request,
    "POST",
    "questionary/addQuestionary",
    token,
    {
      json: { kind: definition.kind, title: definition.title, definition },
    },
  );
  return { ...created, token };
}

/** Creates a questionnaire with a definition as the demo account, publishes it, applies settings. */
export async function publishQuestionnaire(
  request: APIRequestContext,
  definition: Definition,
  settings: Record<string, unknown> = {},
): Promise<Created> {
  const created = await createQuestionnaire(request, definition);
  await call(request, "POST", "questionary/releaseQuestionary", created.token, { form: { id: created.id } });
  if (Object.keys(settings).length > 0) await updateSettings(request, created, settings);
  return created;
}

/** A one-page form that asks for a name (姓名, required): a sign-up sheet. */
export function nameForm(title: string) {
  return {
    schemaVersion: 1,
    kind: "form",
    title,
    pages: [{ id: "p1", questions: [{ id: "q1", type: "text", title: "姓名", required: true, config: {} }] }],
  };
}

/** 您的性别 (男 m / 女 f), required. */
export const genderQuestion = {
  id: "gender",
  type: "single",
  title: "您的性别",
  required: true,
  config: {
    options: [
      { id: "m", label: "男" },
      { id: "f", label: "女" },
    ],
  },
};

export function updateSettings(request: APIRequestContext, q: Created, settings: Record<string, unknown>) {
  return call(request, "POST", "questionary/updateQuestionarySet", q.token, { json: { id: q.id, settings } });
}

export function lifecycle(
  request: APIRequestContext,
  q: Created,
  action: "stopQuestionary" | "delQuestionary",
) {
  return call(request, "POST", `questionary/${action}`, q.token, { form: { id: q.id } });
}

export async function responseCount(request: APIRequestContext, q: Created): Promise<number> {
  const detail = await call<{ responseCount: number }>(
    request,
    "GET",
    "questionary/getQuestionaryDetail",
    q.token,
    {
      params: { id: q.id },
    },
  );
  return detail.responseCount;
}

/** Submits one response as a respondent's page would: open (for the answering token), then submit. */
export async function submitAnswers(
  request: APIRequestContext,
  publicId: string,
  answers: Record<string, unknown>,
  extra: { seconds?: number; source?: string; key: string },
): Promise<number> {
  const opened = (await (
    await request.get("/wjgj/api/anQuestion/getQuestionary", { params: { publicId } })
  ).json()) as Envelope<{ revisionId: number; answerToken: string }>;
  expect(opened.code, opened.msg).toBe(200);
  const reply = (await (
    await request.post("/wjgj/api/anQuestion/questionAnswer", {
      data: {
        publicId,
        revisionId: opened.data.revisionId,
        answerToken: opened.data.answerToken,
        answers,
        durationSeconds: extra.seconds ?? 60,
        source: extra.source ?? "link",
        deviceId: `results-${extra.key}`,
        idempotencyKey: `results-${extra.key}-${publicId}`,
      },
    })
  ).json()) as Envelope<{ responseId: number }>;
  expect(reply.code, reply.msg).toBe(200);
  return reply.data.responseId;
}

/** An exam's single-choice question worth 4 points: 火警电话是 119 (a, correct) or 110 (b). */
export function fireAlarmQuestion(id: string) {
  return {
    id,
    type: "single",
    title: "火警电话是",
    config: {
      options: [
        { id: "a", label: "119", correct: true },
        { id: "b", label: "110" },
      ],
    },
    scoring: { mode: "single", points: 4 },
  };
}

/** A 1×1 PNG: the upload endpoint sniffs content, so the file must really be one. */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
