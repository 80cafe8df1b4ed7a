import { type AnswerDetail, messages, ResultCode, type RevealedPersonal } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { download, publishNew, readSheet, runExport, submitAnswers } from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

/** A 数据查看 member marked 隐藏个人信息 gets results, details and exports without personal data. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const survey = {
  schemaVersion: 1,
  kind: "survey",
  title: "员工满意度",
  pages: [
    {
      id: "p1",
      questions: [
        { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
        { id: "mobile", type: "text", title: "联系电话", config: { format: "mobile" } },
        { id: "gender", type: "personal", title: "性别", config: { preset: "gender" } },
        {
          id: "q1",
          type: "single",
          title: "总体满意度",
          config: {
            options: [
              { id: "a", label: "满意" },
              { id: "b", label: "不满意" },
            ],
          },
        },
      ],
    },
  ],
};

const answers = { name: "王小明", mobile: "13912345678", gender: "男", q1: { optionId: "a" } };

async function setup() {
  const owner = await buildUser(t);
  const viewer = await buildUser(t);
  const q = await publishNew(t, owner, survey);
  const responseId = await submitAnswers(t, q.publicId, answers, { ip: "203.0.113.9" });
  await buildTeamMember(t, q.id, viewer, "viewer");
  return { owner, viewer, q, responseId };
}

async function hide(owner: BuiltUser, id: number, viewer: BuiltUser, hidePersonal: boolean) {
  const changed = await call(t.app, "POST", "queationaryTeam/updateTeamUserRole", {
    token: owner.token,
    params: { id, userId: viewer.user.id, role: "viewer", hidePersonal: String(hidePersonal) },
  });
  expect(changed.body.code, changed.body.msg).toBe(200);
}

describe("数据查看 without personal data", () => {
  it("hides IP and identifying answers in the answer list and detail, and leaves them to the owner", async () => {
    const { owner, viewer, q, responseId } = await setup();
    const list = (token: string) =>
      call<{ list: { ip: string; texts: Record<string, string> }[] }>(t.app, "POST", "answer/getAnswerList", {
        token,
        params: { id: q.id },
      });
    // Not marked yet: the viewer sees what the owner sees, personal answers masked.
    expect((await list(viewer.token)).body.data.list[0]).toMatchObject({
      ip: "203.0.*.*",
      texts: { name: "王**", mobile: "139****5678" },
    });

    await hide(owner, q.id, viewer, true);
    const members = await call<{ members: { userId: number; hidePersonal: boolean }[] }>(
      t.app,
      "GET",
      "queationaryTeam/getTeamUserList",
      { token: owner.token, params: { id: q.id } },
    );
    expect(members.body.data.members.find((m) => m.userId === viewer.user.id)?.hidePersonal).toBe(true);

    const hidden = (await list(viewer.token)).body.data.list[0];
    expect(hidden?.ip).toBe("");
    expect(hidden?.texts).toEqual({ gender: "男", q1: "满意" });
    expect((await list(owner.token)).body.data.list[0]?.ip).toBe("203.0.*.*");

    const detail = await call<{
      answer: { ip: string };
      answers: Record<string, unknown>;
      definition: { pages: { questions: { id: string }[] }[] };
    }>(t.app, "GET", "answer/getAnswerDetail", { token: viewer.token, params: { id: q.id, responseId } });
    expect(detail.body.code).toBe(200);
    expect(detail.body.data.answer.ip).toBe("");
    expect(Object.keys(detail.body.data.answers).sort()).toEqual(["gender", "q1"]);
    expect(detail.body.data.definition.pages[0]?.questions.map((question) => question.id)).toEqual([
      "gender",
      "q1",
    ]);
    expect(JSON.stringify(detail.body.data)).not.toContain("王小明");
    expect(JSON.stringify(detail.body.data)).not.toContain("13912345678");
  });

  it("masks personal answers for everyone until 查看完整信息, which the owner may use and the log records", async () => {
    const { owner, viewer, q, responseId } = await setup();
    const detail = await call<AnswerDetail>(t.app, "GET", "answer/getAnswerDetail", {
      token: owner.token,
      params: { id: q.id, responseId },
    });
    expect(detail.body.data.answers).toMatchObject({ name: "王**", mobile: "139****5678", gender: "男" });
    expect(detail.body.data.masked.sort()).toEqual(["mobile", "name"]);
    expect(JSON.stringify(detail.body.data)).not.toContain("13912345678");

    const reveal = (token: string) =>
      call<RevealedPersonal>(t.app, "POST", "answer/revealPersonal", {
        token,
        json: { id: q.id, responseId },
      });
    // 数据查看 may not; the owner may, and each reveal is in the team's activity with who and which response.
    expect((await reveal(viewer.token)).body.code).toBe(ResultCode.forbidden);
    const revealed = await reveal(owner.token);
    expect(revealed.body.data.answers).toEqual({ name: "王小明", mobile: "13912345678" });
    expect(revealed.body.data.ip).toBe("203.0.113.9");
    const activity = await call<{ list: { action: string; actionName: string; detail: string }[] }>(
      t.app,
      "GET",
      "queationaryTeam/getTeamActivity",
      { token: owner.token, params: { id: q.id } },
    );
    expect(activity.body.data.list[0]).toMatchObject({
      action: "revealPersonal",
      actionName: "查看完整个人信息",
      detail: `答卷 ${responseId}`,
    });
    expect(activity.body.data.list.filter((entry) => entry.action === "revealPersonal")).toHaveLength(1);
  });

  it("leaves personal questions out of statistics and refuses their typed answers", async () => {
    const { owner, viewer, q } = await setup();
    await hide(owner, q.id, viewer, true);
    const stats = await call<{ questions: { questionId: string }[] }>(
      t.app,
      "POST",
      "statistics/getQuestionStatistics",
      { token: viewer.token, params: { id: q.id } },
    );
    expect(stats.body.code).toBe(200);
    expect(stats.body.data.questions.map((question) => question.questionId)).toEqual(["gender", "q1"]);
    const texts = await call(t.app, "POST", "statistics/getTextAnswers", {
      token: viewer.token,
      params: { id: q.id, questionId: "name" },
    });
    expect(texts.body.code).not.toBe(200);
    expect(JSON.stringify(texts.body)).not.toContain("王小明");
    // The owner reads them masked too, and cannot search them by content.
    const own = await call(t.app, "POST", "statistics/getTextAnswers", {
      token: owner.token,
      params: { id: q.id, questionId: "mobile" },
    });
    expect(JSON.stringify(own.body.data)).toContain("139****5678");
    expect(JSON.stringify(own.body.data)).not.toContain("13912345678");
    const searched = await call(t.app, "POST", "statistics/getTextAnswers", {
      token: owner.token,
      params: { id: q.id, questionId: "mobile", keyword: "1391234" },
    });
    expect(searched.body.msg).toBe(messages.personalSearchRefused);
  });

  it("exports without the IP column and personal columns, and never hands over the owner's full file", async () => {
    const { owner, viewer, q } = await setup();
    const full = await runExport(t, owner, q.id, "xlsx", { fullPersonal: true });
    await hide(owner, q.id, viewer, true);
    const own = await runExport(t, viewer, q.id, "xlsx");
    const rows = await readSheet((await download(t, viewer.token, q.id, own.id)).rawPayload);
    const text = JSON.stringify(rows);
    expect(rows[0]).not.toContain("IP");
    expect(text).not.toContain("203.0.113.9");
    expect(text).not.toContain("王小明");
    expect(text).not.toContain("13912345678");
    expect(text).toContain("满意");
    expect(text).toContain("男");

    // The owner's file (with personal data) is neither listed nor downloadable for the viewer.
    const listed = await call<{ list: { id: number }[] }>(t.app, "GET", "export/getExportList", {
      token: viewer.token,
      params: { questionnaireId: q.id },
    });
    expect(listed.body.data.list.map((job) => job.id)).toEqual([own.id]);
    const refused = await download(t, viewer.token, q.id, full.id);
    expect(refused.json().code).toBe(404);
    const ownerRows = await readSheet((await download(t, owner.token, q.id, full.id)).rawPayload);
    expect(ownerRows[0]).toContain("IP");
    expect(JSON.stringify(ownerRows)).toContain("王小明");
  });

  it("refuses a bad flag with a Chinese message and lets only the owner and admins set it", async () => {
    const { owner, viewer, q } = await setup();
    const bad = await call(t.app, "POST", "queationaryTeam/updateTeamUserRole", {
      token: owner.token,
      params: { id: q.id, userId: viewer.user.id, role: "viewer", hidePersonal: "maybe" },
    });
    expect(bad.body.code).toBe(400);
    expect(bad.body.msg).toContain("隐藏个人信息");
    const self = await call(t.app, "POST", "queationaryTeam/updateTeamUserRole", {
      token: viewer.token,
      params: { id: q.id, userId: viewer.user.id, role: "viewer", hidePersonal: "false" },
    });
    expect(self.body.code).toBe(403);
  });
});
