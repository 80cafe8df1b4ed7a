import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publishNew, submitWithToken } from "../../../test/answering.ts";
import {
  auditRowsOf,
  type BuiltUser,
  buildAdmin,
  buildQuestionnaire,
  buildUser,
  tableCounts,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
let admin: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t, { nickName: "王老师" });
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const survey = (title: string) => ({
  schemaVersion: 1,
  kind: "survey",
  title,
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "grade",
          type: "single",
          title: "您的年级",
          required: true,
          config: {
            options: [
              { id: "a", label: "大一" },
              { id: "b", label: "大二" },
            ],
          },
        },
      ],
    },
  ],
});

async function published(title = "校园餐饮满意度调查", by: BuiltUser = owner) {
  return publishNew(t, by, { kind: "survey", title, definition: survey(title) });
}

interface OpenState {
  state: string;
  stateMessage: string;
  revisionId: number | null;
  definition: unknown;
}

const open = (publicId: string) =>
  call<OpenState>(t.app, "GET", "anQuestion/getQuestionary", { params: { publicId } });

const submit = (publicId: string, revisionId: number) =>
  submitWithToken(t, publicId, revisionId, { grade: { optionId: "a" } });

const takeDown = (id: number, reason = "含有违规广告内容", token = admin.token) =>
  call<{ takenDown: boolean; takenDownReason: string; status: string }>(
    t.app,
    "POST",
    "admin/questionnaire/takeDown",
    { token, params: { id, reason } },
  );

const restore = (id: number, token = admin.token) =>
  call<{ takenDown: boolean }>(t.app, "POST", "admin/questionnaire/restore", { token, params: { id } });

describe("admin/questionnaire/* permissions", () => {
  it("answers 303 anonymously and 403 to users, changing nothing", async () => {
    const q = await published();
    const before = await tableCounts(t);
    const calls = [
      ["GET", "admin/questionnaire/list", {}],
      ["POST", "admin/questionnaire/takeDown", { id: q.id, reason: "违规" }],
      ["POST", "admin/questionnaire/restore", { id: q.id }],
    ] as const;
    for (const [method, path, params] of calls) {
      expect((await call(t.app, method, path, { params })).body.code, path).toBe(303);
      // Even the owner may not take down or restore their own questionnaire.
      expect((await call(t.app, method, path, { token: owner.token, params })).body, path).toEqual({
        code: 403,
        msg: "账号没有相关操作权限",
        data: null,
      });
    }
    expect(await tableCounts(t)).toEqual(before);
    expect((await open(q.publicId)).body.data.state).toBe("open");
  });
});

describe("admin/questionnaire/list", () => {
  it("lists every user's questionnaires with owner and status, filtered by title, phone and take-down", async () => {
    const other = await buildUser(t, { nickName: "李同学" });
    const first = await published("校园餐饮满意度调查");
    await buildQuestionnaire(t, other, {
      kind: "survey",
      title: "社团招新报名",
      definition: survey("社团招新报名"),
    });
    const third = await published("期末考试安排意见征集", other);
    await takeDown(third.id);

    type Row = {
      id: number;
      title: string;
      status: string;
      statusName: string;
      owner: { phone: string; nickName: string };
      takenDown: boolean;
      takenDownReason: string;
    };
    const list = (params: Record<string, string | number>) =>
      call<{ list: Row[]; total: number }>(t.app, "GET", "admin/questionnaire/list", {
        token: admin.token,
        params: { pageNum: 1, pageSize: 10, ...params },
      });

    const all = await list({});
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBe(3);
    expect(all.body.data.list.map((row) => row.title)).toEqual([
      "期末考试安排意见征集",
      "社团招新报名",
      "校园餐饮满意度调查",
    ]);
    expect(all.body.data.list[2]).toMatchObject({
      id: first.id,
      status: "published",
      statusName: "已发布",
      owner: { phone: owner.user.phone, nickName: "王老师" },
      takenDown: false,
      takenDownReason: "",
    });
    expect(all.body.data.list[0]).toMatchObject({ takenDown: true, takenDownReason: "含有违规广告内容" });

    const byTitle = await list({ keyword: "餐饮" });
    expect(byTitle.body.data.list.map((row) => row.id)).toEqual([first.id]);
    const byPhone = await list({ ownerPhone: (other.user.phone ?? "").slice(-6) });
    expect(byPhone.body.data.list.map((row) => row.title).sort()).toEqual([
      "期末考试安排意见征集",
      "社团招新报名",
    ]);
    const down = await list({ takenDown: "true" });
    expect(down.body.data.list.map((row) => row.id)).toEqual([third.id]);
    const drafts = await list({ status: "draft" });
    expect(drafts.body.data.list.map((row) => row.title)).toEqual(["社团招新报名"]);

    const bad = await list({ status: "gone", ownerPhone: "13x" });
    expect(bad.body.code).toBe(400);
    expect(bad.body.data).toMatchObject({
      errors: expect.arrayContaining([expect.objectContaining({ field: "status" })]),
    });
  });
});

describe("taking a questionnaire down", () => {
  it("closes it to respondents with the notice, refuses answers and re-publishing, and is audited", async () => {
    const q = await published();
    const before = await open(q.publicId);
    expect(before.body.data.state).toBe("open");
    const revisionId = before.body.data.revisionId ?? 0;
    expect((await submit(q.publicId, revisionId)).body.code).toBe(200);

    const down = await takeDown(q.id);
    expect(down.body).toMatchObject({
      code: 200,
      data: { takenDown: true, takenDownReason: "含有违规广告内容", status: "published" },
    });

    const closed = await open(q.publicId);
    expect(closed.body.data).toMatchObject({
      state: "takenDown",
      stateMessage: "该问卷已被管理员下架，暂时无法填写",
      definition: null,
      revisionId: null,
    });
    // The reason is for the admin and the owner, not for respondents.
    expect(JSON.stringify(closed.body)).not.toContain("违规广告");

    // A respondent who opened the page before the take-down cannot submit any more.
    const refused = await submit(q.publicId, revisionId);
    expect(refused.body).toEqual({ code: 409, msg: "该问卷已被管理员下架，暂时无法填写", data: null });
    expect(await t.db.selectFrom("responses").selectAll().execute()).toHaveLength(1);

    // The owner cannot lift it by publishing again, nor by copying it (a copy could be published at once).
    for (const [path, msg] of [
      ["questionary/releaseQuestionary", "该问卷已被管理员下架，暂不能发布，如有疑问请联系客服"],
      ["questionary/copyQuestionary", "该问卷已被管理员下架，不能复制，如有疑问请联系客服"],
    ] as const) {
      const refusal = await call(t.app, "POST", path, { token: owner.token, params: { id: q.id } });
      expect(refusal.body).toMatchObject({ code: 409, msg });
    }
    expect((await open(q.publicId)).body.data.state).toBe("takenDown");
    expect(await t.db.selectFrom("questionnaires").select("id").execute()).toHaveLength(1);
    // The owner's list says so, so the closed link is not a mystery.
    const mine = await call<{ list: { id: number; takenDown: boolean }[] }>(
      t.app,
      "GET",
      "questionary/getQuestionaryList",
      { token: owner.token },
    );
    expect(mine.body.data.list.find((item) => item.id === q.id)?.takenDown).toBe(true);

    // Twice is refused, and nothing is audited for it.
    expect((await takeDown(q.id, "重复")).body).toMatchObject({ code: 409, msg: "该问卷已经是下架状态" });

    const audit = await auditRowsOf(t, "questionnaire", q.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminId: admin.user.id,
      action: "takeDown",
      before: { status: "published", takenDownAt: null, takenDownReason: null },
      after: { status: "published", takenDownReason: "含有违规广告内容" },
    });

    const log = await call<{ list: { entity: string; action: string; adminName: string }[] }>(
      t.app,
      "GET",
      "admin/audit/list",
      { token: admin.token, params: { entity: "questionnaire", entityId: String(q.id) } },
    );
    expect(log.body.data.list).toMatchObject([{ entity: "questionnaire", action: "takeDown" }]);
  });

  it("tells the owner of an exam or a form in its own words that it cannot be published or copied", async () => {
    for (const [kind, noun] of [
      ["exam", "考试"],
      ["form", "表单"],
    ] as const) {
      const title = `${noun}下架`;
      const q = await publishNew(t, owner, { kind, title, definition: { ...survey(title), kind } });
      expect((await takeDown(q.id)).body.code).toBe(200);
      for (const [path, msg] of [
        ["questionary/releaseQuestionary", `该${noun}已被管理员下架，暂不能发布，如有疑问请联系客服`],
        ["questionary/copyQuestionary", `该${noun}已被管理员下架，不能复制，如有疑问请联系客服`],
      ] as const) {
        const refusal = await call(t.app, "POST", path, { token: owner.token, params: { id: q.id } });
        expect(refusal.body).toMatchObject({ code: 409, msg });
      }
    }
  });

  it("restores it to the state its owner left, audited, and the owner can publish again", async () => {
    const q = await published();
    await takeDown(q.id);
    const restored = await restore(q.id);
    expect(restored.body).toMatchObject({ code: 200, data: { takenDown: false, status: "published" } });

    const reopened = await open(q.publicId);
    expect(reopened.body.data.state).toBe("open");
    expect((await submit(q.publicId, reopened.body.data.revisionId ?? 0)).body.code).toBe(200);

    expect((await restore(q.id)).body).toMatchObject({ code: 409, msg: "该问卷未被下架，无需恢复" });
    const audit = await auditRowsOf(t, "questionnaire", q.id);
    expect(audit.map((row) => row.action)).toEqual(["takeDown", "restore"]);
    expect(audit[1]).toMatchObject({
      before: { takenDownReason: "含有违规广告内容" },
      after: { takenDownAt: null, takenDownReason: null },
    });

    const republish = await call(t.app, "POST", "questionary/releaseQuestionary", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(republish.body.code).toBe(200);
  });

  it("keeps a stopped questionnaire stopped after a restore", async () => {
    const q = await published();
    await call(t.app, "POST", "questionary/stopQuestionary", { token: owner.token, params: { id: q.id } });
    await takeDown(q.id);
    expect((await open(q.publicId)).body.data.state).toBe("takenDown");
    await restore(q.id);
    expect((await open(q.publicId)).body.data.state).toBe("stopped");
  });

  it("refuses a missing reason or questionnaire with a Chinese message, writing nothing", async () => {
    const q = await published();
    const before = await tableCounts(t);
    const blank = await takeDown(q.id, "   ");
    expect(blank.body).toMatchObject({
      code: 400,
      msg: "请填写下架原因（1-200个字符）",
      data: { errors: [{ field: "reason", message: "请填写下架原因（1-200个字符）" }] },
    });
    expect((await takeDown(q.id, "长".repeat(201))).body.code).toBe(400);
    expect((await takeDown(999_999)).body).toMatchObject({ code: 404 });
    expect((await restore(999_999)).body).toMatchObject({ code: 404 });
    expect(await tableCounts(t)).toEqual(before);
    expect((await open(q.publicId)).body.data.state).toBe("open");
  });
});
