import type { Entitlements } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew, submitWithToken } from "../../../test/answering.ts";
import { multipart, PNG } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

/**
 * Entitlements where they are used (issue #16): level 0's limits come from the admin's 个人版 row, a
 * paid level lifts them while it lasts, and respondents never see an upgrade prompt.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // The admin lowered the free level so that the limits are reached in a few calls.
  await t.db
    .insertInto("vip_sets")
    .values({
      level: 0,
      name: "个人版",
      badge: "",
      priceMonthFen: 0,
      priceYearFen: 0,
      limits: JSON.stringify({
        responsesPerQuestionnaire: 2,
        uploadSpaceMb: 0,
      } satisfies Partial<Entitlements>),
      description: "",
      sort: 0,
      status: "published",
    })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const survey = {
  schemaVersion: 1,
  kind: "survey",
  title: "活动报名",
  pages: [
    {
      id: "p1",
      questions: [
        { id: "name", type: "text", title: "姓名", config: {} },
        { id: "photo", type: "file", title: "照片", config: { accept: ["png"], maxSizeMb: 1, maxCount: 2 } },
      ],
    },
  ],
};

const upgrade = { code: 402, data: { upgradeUrl: "/website/version" } };

async function setLevel(who: BuiltUser, level: number, days: number) {
  const stop = new Date(t.clock.now().getTime() + days * 86_400_000).toISOString();
  await t.db
    .updateTable("users")
    .set({ vipLevel: level, vipStopTime: stop })
    .where("id", "=", who.user.id)
    .execute();
}

function upload(publicId: string, answerToken: string, token?: string) {
  const body = multipart({ publicId, questionId: "photo", answerToken }, { name: "a.png", data: PNG });
  return t.app.inject({
    method: "POST",
    url: "/wjgj/api/upload/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { token } : {}) },
  });
}

describe("responses per questionnaire", () => {
  it("pauses collecting at the level's cap with a neutral message, tells the creator, and lifts with a paid level", async () => {
    const owner = await buildUser(t);
    const q = await publishNew(t, owner, { kind: "survey", definition: survey });
    const open = await openAnswering(t, q.publicId);
    for (const name of ["甲", "乙"]) {
      expect((await submitWithToken(t, q.publicId, open.revisionId, { name })).body.code).toBe(200);
    }
    const refused = await submitWithToken(t, q.publicId, open.revisionId, { name: "丙" });
    expect(refused.body).toMatchObject({ code: 409, msg: "问卷已暂停收集" });
    expect(JSON.stringify(refused.body)).not.toContain("升级");
    const page = await call<{ state: string; stateMessage: string }>(
      t.app,
      "GET",
      "anQuestion/getQuestionary",
      {
        params: { publicId: q.publicId },
      },
    );
    expect(page.body.data).toMatchObject({ state: "stopped", stateMessage: "问卷已暂停收集" });

    const list = await call<{ list: Array<{ id: number; planNotice: string }> }>(
      t.app,
      "GET",
      "questionary/getQuestionaryList",
      { token: owner.token, params: { pageNum: 1, pageSize: 10 } },
    );
    expect(list.body.data.list.find((row) => row.id === q.id)?.planNotice).toBe(
      "当前会员等级每份问卷最多回收2份答卷，该问卷已暂停收集，升级会员可继续回收",
    );

    await buildMember(t, 1, { responsesPerQuestionnaire: 100 });
    await setLevel(owner, 1, 31);
    expect((await submitWithToken(t, q.publicId, open.revisionId, { name: "丙" })).body.code).toBe(200);

    t.clock.advance(32 * 86_400);
    expect((await submitWithToken(t, q.publicId, open.revisionId, { name: "丁" })).body.msg).toBe(
      "问卷已暂停收集",
    );
    t.clock.advance(-32 * 86_400);
  });
});

describe("upload space", () => {
  it("refuses the creator with an upgrade link and the respondent neutrally once the space is used up", async () => {
    const owner = await buildUser(t);
    const q = await publishNew(t, owner, { definition: survey });
    const open = await openAnswering(t, q.publicId);
    const respondent = (await upload(q.publicId, open.answerToken)).json();
    expect(respondent).toMatchObject({ code: 409, msg: "该问卷暂时无法接收文件，请联系问卷发布者" });
    const header = multipart({ id: String(q.id), purpose: "headerImage" }, { name: "h.png", data: PNG });
    const creator = await t.app.inject({
      method: "POST",
      url: "/wjgj/api/upload/upload",
      payload: header.payload,
      headers: { ...header.headers, token: owner.token },
    });
    expect(creator.json()).toMatchObject({
      ...upgrade,
      msg: "文件存储空间已用完（0MB），请删除不用的文件或升级会员",
    });

    const member = await buildMember(t, 2, { uploadSpaceMb: 1 });
    const q2 = await publishNew(t, member, { definition: survey });
    const open2 = await openAnswering(t, q2.publicId);
    expect((await upload(q2.publicId, open2.answerToken)).json()).toMatchObject({ code: 200 });
  });
});

describe("paid settings and the attachment export", () => {
  it("refuses a redirect, hiding the brand and a zip export at level 0; a member may, until the level lapses", async () => {
    const owner = await buildUser(t);
    const q = await publishNew(t, owner, { definition: survey });
    const save = (settings: Record<string, unknown>) =>
      call(t.app, "POST", "questionary/updateQuestionarySet", {
        token: owner.token,
        json: { id: q.id, settings },
      });
    expect((await save({ redirectUrl: "https://example.com/thanks" })).body).toMatchObject({
      ...upgrade,
      msg: "提交后跳转到自定义网址需要开通会员",
    });
    expect((await save({ hideBrand: true })).body).toMatchObject({
      ...upgrade,
      msg: "隐藏答题页底部的“问卷管家”标识需要开通会员",
    });
    expect((await save({ thankYouText: "谢谢" })).body.code).toBe(200);
    const zip = await call(t.app, "POST", "export/createExport", {
      token: owner.token,
      json: { questionnaireId: q.id, kind: "zip" },
    });
    expect(zip.body).toMatchObject({ ...upgrade, msg: "导出上传文件（附件打包下载）需要开通会员" });

    await buildMember(t, 3, { customRedirect: true, removeBrand: true, exportAttachments: true });
    await setLevel(owner, 3, 31);
    expect((await save({ redirectUrl: "https://example.com/thanks", hideBrand: true })).body.code).toBe(200);
    const served = async () =>
      (
        await call<{ settings: { redirectUrl: string; hideBrand: boolean } }>(
          t.app,
          "GET",
          "anQuestion/getQuestionary",
          { params: { publicId: q.publicId } },
        )
      ).body.data.settings;
    expect(await served()).toMatchObject({ redirectUrl: "https://example.com/thanks", hideBrand: true });
    const open = await openAnswering(t, q.publicId);
    const reply = await call<{ redirectUrl: string }>(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answerToken: open.answerToken,
        answers: { name: "甲" },
        idempotencyKey: "ent-redirect-1",
        deviceId: "ent-device-1",
      },
    });
    expect(reply.body.data.redirectUrl).toBe("https://example.com/thanks");

    // The level lapses: the stored settings stay, respondents no longer get them.
    t.clock.advance(32 * 86_400);
    expect(await served()).toMatchObject({ redirectUrl: "", hideBrand: false });
    t.clock.advance(-32 * 86_400);
  });
});
