import {
  allowedActions,
  memberRoles,
  type QuestionaryDetail,
  questionnaireActions,
  questionnairePermissions,
  type TeamRole,
} from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

/**
 * The pages show only what the caller's role may do (a read-only designer for 数据查看, no 删除 for those who
 * may not): they read it from getQuestionaryDetail, which must answer from the one table the server enforces.
 */
describe("questionary/getQuestionaryDetail tells the caller what the role may do", () => {
  it("answers each role's permissions from core's table, and each is what the server then allows", async () => {
    const owner = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, { title: "角色可见" });
    const callers: { role: TeamRole; token: string }[] = [{ role: "owner", token: owner.token }];
    for (const role of memberRoles) {
      const member = await buildUser(t);
      await buildTeamMember(t, q.id, member, role);
      callers.push({ role, token: member.token });
    }
    for (const { role, token } of callers) {
      const res = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
        token,
        params: { id: q.id },
      });
      expect(res.body.code, role).toBe(200);
      expect(res.body.data.myRole).toBe(role);
      expect(res.body.data.permissions).toEqual(allowedActions(role));
      for (const action of questionnaireActions) {
        const listed = res.body.data.permissions.includes(action);
        expect(listed, `${role} ${action}`).toBe(
          (questionnairePermissions[action] as readonly string[]).includes(role),
        );
      }
    }
    // 数据查看 is the read-only role: it may read and see results, never edit, publish or manage responses.
    const viewer = callers.find((c) => c.role === "viewer");
    const asViewer = await call<QuestionaryDetail>(t.app, "GET", "questionary/getQuestionaryDetail", {
      token: viewer?.token ?? "",
      params: { id: q.id },
    });
    expect(asViewer.body.data.permissions).toEqual(expect.arrayContaining(["read", "results", "export"]));
    expect(asViewer.body.data.permissions).not.toContain("edit");
    expect(asViewer.body.data.permissions).not.toContain("manageResponses");
    const save = await call(t.app, "POST", "questionary/saveQuestionary", {
      token: viewer?.token ?? "",
      json: { id: q.id, baseVersion: asViewer.body.data.version, definition: asViewer.body.data.definition },
    });
    expect(save.body.code).toBe(403);
  });

  it("a new questionnaire's detail gives its creator every owner action", async () => {
    const owner = await buildUser(t);
    const res = await call<QuestionaryDetail>(t.app, "POST", "questionary/addQuestionary", {
      token: owner.token,
      params: { kind: "survey", title: "新建" },
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data.myRole).toBe("owner");
    expect(res.body.data.permissions).toEqual(allowedActions("owner"));
  });
});
