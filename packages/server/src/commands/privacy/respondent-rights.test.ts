import type {
  ErasureRequestList,
  MyResponses,
  MyResponsesLookup,
  Receipt,
  ResultsOverview,
} from "@wjgj/core";
import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTeamMember, buildUser, latestCode } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire } from "../../../test/results-fixtures.ts";
import { submitResponse } from "../answering/submit.ts";

/**
 * Respondents' rights (issue #36): the receipt of a submit shows the respondent their answers in full; they ask
 * for deletion; the creator (not a 数据查看 member) declines with a reason or approves, and an approved
 * response is gone for good (counts follow); a respondent without the receipt finds it with a code sent to
 * the phone they answered with. Everything is kept with who handled it and when, and is in 动态.
 */
let t: TestContext;
let owner: BuiltUser;

const definition = buildSurvey([
  {
    id: "dept",
    type: "single",
    title: "部门",
    required: true,
    config: {
      options: [
        { id: "a", label: "销售部" },
        { id: "b", label: "技术部" },
      ],
    },
  },
  { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
  { id: "phone", type: "personal", title: "手机", config: { preset: "mobile" } },
]);

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
}, 60_000);
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function submit(q: { publicId: string; revisionId: number }, phone: string) {
  seq += 1;
  const reply = await submitResponse(
    t.ctx,
    null,
    {
      publicId: q.publicId,
      revisionId: q.revisionId,
      answers: { dept: { optionId: "a" }, name: "欧阳明", phone },
      durationSeconds: 40,
      deviceId: `rights-device-${seq}`,
      idempotencyKey: `rights-key-${seq}-${Date.now()}`,
      source: "link",
    },
    { ip: "10.1.2.3", userAgent: "vitest" },
  );
  return { responseId: reply.responseId as number, token: reply.receiptToken as string };
}

const get = <T>(path: string, params: Record<string, string | number>, token?: string) =>
  call<T>(t.app, "GET", path, { params, ...(token ? { token } : {}) });
const post = <T>(path: string, json: Record<string, unknown>, token?: string) =>
  call<T>(t.app, "POST", path, { json, ...(token ? { token } : {}) });

describe("respondents' rights", () => {
  it("a receipt shows the answers in full; deletion is asked, declined with a reason, asked again and approved", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const { responseId, token } = await submit(q, "13987650001");
    await submit(q, "13987650002");
    expect(token).toMatch(new RegExp(`^${responseId}\\.`));

    const receipt = await get<Receipt>("anQuestion/getReceipt", { token });
    expect(receipt.body.data).toMatchObject({ state: "kept", erasure: null });
    expect(receipt.body.data.items.map((item) => item.text)).toEqual(["销售部", "欧阳明", "13987650001"]);
    expect(receipt.body.data.items[2]?.title).toBe("3、手机");
    // Another response's id with this MAC, or a changed MAC, is refused.
    const forged = await get("anQuestion/getReceipt", {
      token: token.replace(/^\d+/, String(responseId + 1)),
    });
    expect(forged.body).toMatchObject({ code: 400, msg: "回执链接无效，请从提交成功页面或查询结果中打开" });

    const asked = await post<Receipt>("anQuestion/requestErasure", { token, reason: "不想再保留" });
    expect(asked.body.data.erasure).toMatchObject({
      status: "pending",
      statusName: "待处理",
      reason: "不想再保留",
    });
    const again = await post("anQuestion/requestErasure", { token, reason: "" });
    expect(again.body).toMatchObject({ code: 409, msg: "删除申请已提交，请等待问卷发布者处理" });

    // 数据查看 may read results but not handle requests.
    const viewer = await buildUser(t);
    await buildTeamMember(t, q.id, viewer, "viewer");
    expect((await get("answer/getErasureRequests", { id: q.id }, viewer.token)).body.code).toBe(403);
    const listed = await get<ErasureRequestList>("answer/getErasureRequests", { id: q.id }, owner.token);
    expect(listed.body.data.pending).toBe(1);
    const [request] = listed.body.data.list;
    expect(request).toMatchObject({ responseId, status: "pending" });

    const declined = await post(
      "answer/handleErasureRequest",
      { id: q.id, requestId: request?.id, approve: false, note: "该答卷是报名凭证，活动结束后删除" },
      owner.token,
    );
    expect(declined.body).toMatchObject({ code: 200, data: { status: "declined" } });
    const seen = await get<Receipt>("anQuestion/getReceipt", { token });
    expect(seen.body.data.erasure).toMatchObject({
      status: "declined",
      note: "该答卷是报名凭证，活动结束后删除",
    });
    const twice = await post(
      "answer/handleErasureRequest",
      { id: q.id, requestId: request?.id, approve: true },
      owner.token,
    );
    expect(twice.body).toMatchObject({ code: 409, msg: "该删除申请已处理" });

    await post("anQuestion/requestErasure", { token, reason: "请删除" });
    const overview = async () =>
      (await get<ResultsOverview>("statistics/getOverview", { id: q.id, days: 7 }, owner.token)).body.data
        .total;
    expect(await overview()).toBe(2);
    const approved = await post(
      "answer/handleErasureRequest",
      { id: q.id, requestId: request?.id, approve: true },
      owner.token,
    );
    expect(approved.body).toMatchObject({ code: 200, data: { status: "done", statusName: "已删除" } });
    expect(await overview()).toBe(1);
    const row = await t.db
      .selectFrom("responses")
      .select(["answers", "status", "erasedAs", "ip"])
      .where("id", "=", responseId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ answers: "{}", status: "deleted", erasedAs: "deleted", ip: "" });
    const gone = await get<Receipt>("anQuestion/getReceipt", { token });
    expect(gone.body.data).toMatchObject({ state: "deleted", items: [], erasure: { status: "done" } });
    expect((await post("anQuestion/requestErasure", { token })).body).toMatchObject({
      code: 409,
      msg: "这份答卷已删除",
    });
    const activity = await t.db
      .selectFrom("team_activity")
      .select(["action", "detail", "actorId"])
      .where("questionnaireId", "=", q.id)
      .where("action", "=", "handleErasure")
      .orderBy("id")
      .execute();
    expect(activity.map((entry) => entry.detail)).toEqual([
      `答卷 ${responseId}：未同意`,
      `答卷 ${responseId}：已删除`,
    ]);
  });

  it("finds one's own responses with a code sent to the phone answered with", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const mine = await submit(q, "13987650010");
    await submit(q, "13987650011");
    const second = await submit(q, "13987650010");
    const phone = "13987650010";
    expect((await post("user/sendCode", { phone, purpose: "myResponses" })).body.code).toBe(200);
    const wrong = await post("anQuestion/findMyResponses", { publicId: q.publicId, phone, code: "000000" });
    expect(wrong.body.code).toBe(400);
    const code = await latestCode(t, phone);
    const found = await post<MyResponses>("anQuestion/findMyResponses", {
      publicId: q.publicId,
      phone,
      code,
    });
    expect(found.body.data.list.map((item) => item.receiptToken)).toEqual([second.token, mine.token]);
    // The page names the questionnaire the responses belong to.
    expect(found.body.data.questionnaireTitle).toBe(definition.title);
    // Used once.
    const replay = await post("anQuestion/findMyResponses", { publicId: q.publicId, phone, code });
    expect(replay.body.code).toBe(400);
  });

  it("tells /mine the questionnaire's title, and whether it can be searched by phone, before any code", async () => {
    const q = await publishedQuestionnaire(t, owner, definition);
    const lookup = await get<MyResponsesLookup>("anQuestion/getMyResponsesLookup", { publicId: q.publicId });
    expect(lookup.body).toMatchObject({
      code: 200,
      data: { questionnaireTitle: definition.title, byPhone: true },
    });
    const withoutPhone = buildSurvey(
      [{ id: "name", type: "personal", title: "姓名", config: { preset: "name" } }],
      { title: "无手机号的问卷" },
    );
    const other = await publishedQuestionnaire(t, owner, withoutPhone);
    const none = await get<MyResponsesLookup>("anQuestion/getMyResponsesLookup", {
      publicId: other.publicId,
    });
    expect(none.body.data).toEqual({ questionnaireTitle: "无手机号的问卷", byPhone: false });
    expect((await get("anQuestion/getMyResponsesLookup", { publicId: "NoSuchQ123" })).body).toMatchObject({
      code: 404,
    });
    expect((await get("anQuestion/getMyResponsesLookup", { publicId: "坏" })).body.code).toBe(400);
  });
});
