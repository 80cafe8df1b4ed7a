import type { TeamActivityItem } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishNew, runExport, submitAnswers } from "../../../test/export-fixtures.ts";
import { buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

/** The 动态 tab: each kind of change the issue names leaves one line, with who did it. */
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
  title: "部门周会反馈",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "本周会议是否有帮助",
          config: {
            options: [
              { id: "a", label: "有帮助" },
              { id: "b", label: "没帮助" },
            ],
          },
        },
      ],
    },
  ],
};

interface ActivityPage {
  total: number;
  list: TeamActivityItem[];
}

describe("the activity log", () => {
  it("records invite, join, edit, publish, stop, export and deleted responses with who did each", async () => {
    const owner = await buildUser(t, { nickName: "所有者赵" });
    const editor = await buildUser(t, { nickName: "编辑钱" });
    const q = await publishNew(t, owner, survey);
    const post = async (token: string, path: string, json: Record<string, unknown>) => {
      const response = await call<Record<string, unknown>>(t.app, "POST", path, { token, json });
      expect(response.body.code, `${path}: ${response.body.msg}`).toBe(200);
      return response.body.data;
    };
    // A fresh log from here: publishNew's own publish is the owner's and is not what this test checks.
    await t.db.deleteFrom("team_activity").where("questionnaireId", "=", q.id).execute();

    const invite = await post(owner.token, "queationaryTeam/addTeamUser", {
      id: q.id,
      kind: "link",
      role: "editor",
      expireDays: 3,
      maxUses: 1,
    });
    await post(editor.token, "queationaryTeam/agreeTeam", { code: invite.code });
    const detail = await call<{ version: number }>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: editor.token,
      params: { id: q.id },
    });
    await post(editor.token, "questionary/saveQuestionary", {
      id: q.id,
      definition: { ...survey, title: "部门周会反馈（修订）" },
      baseVersion: detail.body.data.version,
    });
    await post(editor.token, "questionary/releaseQuestionary", { id: q.id });
    const responseId = await submitAnswers(t, q.publicId, { q1: { optionId: "a" } });
    await post(editor.token, "questionary/stopQuestionary", { id: q.id });
    expect((await runExport(t, owner, q.id, "xlsx")).status).toBe("done");
    await post(owner.token, "answer/deleteAnswer", { id: q.id, responseIds: [responseId] });

    const log = await call<ActivityPage>(t.app, "GET", "queationaryTeam/getTeamActivity", {
      token: owner.token,
      params: { id: q.id },
    });
    expect(log.body.code).toBe(200);
    const lines = log.body.data.list.map((line) => [line.action, line.actor.nickName]).reverse();
    expect(lines).toEqual([
      ["invite", "所有者赵"],
      ["join", "编辑钱"],
      ["edit", "编辑钱"],
      ["publish", "编辑钱"],
      ["stop", "编辑钱"],
      ["export", "所有者赵"],
      ["deleteResponses", "所有者赵"],
    ]);
    expect(log.body.data.list.map((line) => line.actionName).reverse()).toEqual([
      "发出邀请",
      "加入团队",
      "编辑问卷",
      "发布问卷",
      "停止问卷",
      "导出数据",
      "删除答卷",
    ]);
    expect(log.body.data.list.find((line) => line.action === "export")?.detail).toBe(
      "Excel 答卷数据（.xlsx）",
    );
    // The editor is not shown the log: it is the owner's and admins'.
    const refused = await call(t.app, "GET", "queationaryTeam/getTeamActivity", {
      token: editor.token,
      params: { id: q.id },
    });
    expect(refused.body.code).toBe(403);
  });
});
