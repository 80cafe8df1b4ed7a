import type { MySpacePost, SpaceEarning, SpacePost, UserSpace } from "@wjgj/core";
import { expect } from "vitest";
import { issueAnswerToken } from "../src/commands/answering/answer-token.ts";
import { openAnswering, publishNew, satisfactionSurvey } from "./answering.ts";
import type { BuiltUser } from "./factories.ts";
import { call, nextInContext, type TestContext } from "./helpers.ts";

/** The answer space (互填) as its poster and respondents use it: post, answer from the space, claim, manage. */

/** A new published questionnaire of `owner`'s posted with `reward` × `quota`; throws unless posted. */
export async function postNew(t: TestContext, owner: BuiltUser, reward: number, quota: number) {
  const title = `我的发布${nextInContext(t)}`;
  const q = await publishNew(t, owner, { title, definition: satisfactionSurvey(title) });
  const res = await call<SpacePost>(t.app, "POST", "answerSpace/addUserSpace", {
    token: owner.token,
    json: { id: q.id, reward, quota },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return { q, post: res.body.data };
}

/** `who` answers `q` from the space (logged in, long enough); the proof the thank-you screen claims with. */
export async function answerFromSpace(t: TestContext, who: BuiltUser, q: { publicId: string }) {
  const n = nextInContext(t);
  const open = await openAnswering<{ revisionId: number }>(t, q.publicId);
  const idempotencyKey = `my-posts-${n}`;
  const submitted = await call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
    token: who.token,
    json: {
      publicId: q.publicId,
      revisionId: open.revisionId,
      answers: { rate: { optionId: "yes" } },
      idempotencyKey,
      deviceId: `my-posts-device-${n}`,
      answerToken: issueAnswerToken(t.ctx, q.publicId, open.revisionId),
      source: "mutual",
      durationSeconds: 30,
    },
    ip: `10.11.${(n >> 8) & 255}.${n & 255}`,
  });
  expect(submitted.body.code, submitted.body.msg).toBe(200);
  return { responseId: submitted.body.data.responseId, idempotencyKey };
}

export function claimPoints(
  t: TestContext,
  who: BuiltUser,
  proof: { responseId: number; idempotencyKey: string },
) {
  return call<SpaceEarning>(t.app, "POST", "answerSpace/getSpacePoints", { token: who.token, json: proof });
}

export async function userSpace(t: TestContext, who: BuiltUser): Promise<UserSpace> {
  return (await call<UserSpace>(t.app, "GET", "answerSpace/checkUserSpace", { token: who.token })).body.data;
}

export async function myPosts(t: TestContext, who: BuiltUser): Promise<MySpacePost[]> {
  const res = await call<{ list: MySpacePost[] }>(t.app, "GET", "answerSpace/getMySpaceList", {
    token: who.token,
    params: { pageNum: 1, pageSize: 50 },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data.list;
}

/** pauseUserSpace, resumeUserSpace or delUserSpace (结束) on the questionnaire's live post. */
export function manage(
  t: TestContext,
  who: BuiltUser,
  action: "pauseUserSpace" | "resumeUserSpace" | "delUserSpace",
  questionnaireId: number,
) {
  return call<MySpacePost>(t.app, "POST", `answerSpace/${action}`, {
    token: who.token,
    params: { id: questionnaireId },
  });
}

/** Whether the public listing (answerSpace/getSpaceList) shows `title`'s post. */
export async function listed(t: TestContext, title: string): Promise<boolean> {
  const res = await call<{ list: SpacePost[] }>(t.app, "GET", "answerSpace/getSpaceList", {
    params: { keyword: title, pageNum: 1, pageSize: 10 },
  });
  return res.body.data.list.some((p) => p.title === title);
}
