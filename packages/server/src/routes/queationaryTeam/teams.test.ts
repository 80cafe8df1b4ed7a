import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQuestionnaire, buildTeamMember, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { phoneSearchLimits } from "../../commands/teams/invites.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

async function call(method: "GET" | "POST", path: string, token: string | undefined, params: object) {
  const response = await t.app.inject({
    method,
    url: `/wjgj/api/queationaryTeam/${path}`,
    headers: token ? { token } : {},
    ...(method === "GET"
      ? { query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }
      : { payload: params }),
  });
  return response.json();
}

describe("invitations by link", () => {
  it("shows the invitation without a login, lets another user join with its role, then counts its uses", async () => {
    const owner = await buildUser(t, { nickName: "张老师" });
    const invitee = await buildUser(t);
    const q = await buildQuestionnaire(t, owner, { title: "课堂反馈" });
    const added = await call("POST", "addTeamUser", owner.token, {
      id: q.id,
      kind: "link",
      role: "editor",
      expireDays: 3,
      maxUses: 1,
    });
    expect(added.code).toBe(200);
    const code = added.data.code as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const info = await call("POST", "agreeTeamInfo", undefined, { code });
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      state: "ok",
      questionnaire: { id: q.id, title: "课堂反馈" },
      inviter: { nickName: "张老师" },
      role: "editor",
      roleName: "编辑",
      needLogin: true,
    });
    expect((await call("POST", "agreeTeam", undefined, { code })).code).toBe(303);

    const agreed = await call("POST", "agreeTeam", invitee.token, { code });
    expect(agreed).toMatchObject({
      code: 200,
      msg: "已加入团队",
      data: { questionnaireId: q.id, role: "editor" },
    });
    expect((await call("POST", "agreeTeamInfo", invitee.token, { code })).data.state).toBe("member");

    const shared = await call("GET", "getShareProjectTeamList", invitee.token, {});
    expect(shared.data.list).toHaveLength(1);
    expect(shared.data.list[0]).toMatchObject({
      id: q.id,
      role: "editor",
      roleName: "编辑",
      ownerName: "张老师",
    });
    expect(shared.data.list[0].permissions).toContain("edit");
    expect(shared.data.list[0].permissions).not.toContain("export");

    // Its one use is spent: a third person finds it used up.
    const late = await buildUser(t);
    expect((await call("POST", "agreeTeamInfo", late.token, { code })).data.state).toBe("usedUp");
    const refused = await call("POST", "agreeTeam", late.token, { code });
    expect(refused.code).toBe(409);
    expect(refused.msg).toContain("次数上限");

    const team = await call("GET", "getTeamUserList", owner.token, { id: q.id });
    expect(team.data.members.map((m: { role: string }) => m.role)).toEqual(["owner", "editor"]);
    expect(team.data.members[1].phone).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it("refuses a revoked or expired link with its own message, and a wrong code", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const q = await buildQuestionnaire(t, owner);
    const first = (await call("POST", "addTeamUser", owner.token, { id: q.id, role: "viewer" })).data;
    const stopped = await call("POST", "stopTeamUserUrl", owner.token, { id: q.id, inviteId: first.id });
    expect(stopped).toMatchObject({ code: 200, msg: "邀请链接已停用" });
    expect((await call("POST", "agreeTeamInfo", other.token, { code: first.code })).data.state).toBe(
      "revoked",
    );
    expect((await call("POST", "agreeTeam", other.token, { code: first.code })).msg).toContain("撤销");

    const second = (
      await call("POST", "addTeamUser", owner.token, { id: q.id, role: "viewer", expireDays: 1 })
    ).data;
    t.clock.advance(86_401);
    expect((await call("POST", "agreeTeamInfo", other.token, { code: second.code })).data.state).toBe(
      "expired",
    );
    expect((await call("POST", "agreeTeam", other.token, { code: second.code })).msg).toContain("过期");

    const wrong = await call("POST", "agreeTeamInfo", other.token, { code: "nosuchcode12345678" });
    expect(wrong.code).toBe(404);
    expect((await call("POST", "agreeTeamInfo", other.token, { code: "短" })).code).toBe(400);
    expect((await call("GET", "getTeamUserList", owner.token, { id: q.id })).data.invites).toEqual([]);
  });
});

describe("invitations by phone", () => {
  it("finds one exact number only, masked, and throttles look-ups", async () => {
    const owner = await buildUser(t);
    const colleague = await buildUser(t, { nickName: "李同事" });
    const q = await buildQuestionnaire(t, owner);
    const phone = colleague.user.phone as string;
    const found = await call("GET", "searchUserByPhone", owner.token, { id: q.id, phone });
    expect(found.data).toEqual({
      userId: colleague.user.id,
      nickName: "李同事",
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
    });
    const partial = await call("GET", "searchUserByPhone", owner.token, {
      id: q.id,
      phone: phone.slice(0, 7),
    });
    expect(partial.code).toBe(400);
    expect(partial.msg).toBe("请输入完整的11位手机号");
    expect((await call("GET", "searchUserByPhone", owner.token, { id: q.id, phone: "13%" })).code).toBe(400);
    expect(
      (await call("GET", "searchUserByPhone", owner.token, { id: q.id, phone: "19999999999" })).code,
    ).toBe(404);
    for (let i = 2; i < phoneSearchLimits.perUser; i += 1)
      await call("GET", "searchUserByPhone", owner.token, { id: q.id, phone });
    const throttled = await call("GET", "searchUserByPhone", owner.token, { id: q.id, phone });
    expect(throttled.code).toBe(429);

    const invited = await call("POST", "addTeamUser", owner.token, {
      id: q.id,
      kind: "phone",
      phone,
      role: "admin",
    });
    expect(invited.data.invitee.userId).toBe(colleague.user.id);
    const stranger = await buildUser(t);
    expect((await call("POST", "agreeTeam", stranger.token, { code: invited.data.code })).msg).toContain(
      "其他账号",
    );
    expect((await call("POST", "agreeTeam", colleague.token, { code: invited.data.code })).code).toBe(200);
    const again = await call("POST", "addTeamUser", owner.token, {
      id: q.id,
      kind: "phone",
      phone,
      role: "admin",
    });
    expect(again.code).toBe(409);
  });
});

describe("managing the team", () => {
  it("changes roles, removes, lets a member leave, transfers ownership and logs it all", async () => {
    const owner = await buildUser(t, { nickName: "所有者甲" });
    const admin = await buildUser(t, { nickName: "管理员乙" });
    const editor = await buildUser(t, { nickName: "编辑丙" });
    const q = await buildQuestionnaire(t, owner);
    await buildTeamMember(t, q.id, admin, "admin");
    await buildTeamMember(t, q.id, editor, "editor");

    expect(
      (
        await call("POST", "updateTeamUserRole", admin.token, {
          id: q.id,
          userId: editor.user.id,
          role: "viewer",
        })
      ).code,
    ).toBe(200);
    const owned = await call("POST", "updateTeamUserRole", admin.token, {
      id: q.id,
      userId: owner.user.id,
      role: "viewer",
    });
    expect(owned.code).toBe(409);
    const detail = await call("GET", "getQueationaryTeamDetail", editor.token, { id: q.id });
    expect(detail.data).toMatchObject({ myRole: "viewer", myRoleName: "数据查看", memberCount: 3 });
    expect(detail.data.permissions).toContain("export");
    expect(detail.data.permissions).not.toContain("edit");

    expect((await call("POST", "quitTeam", editor.token, { id: q.id })).code).toBe(200);
    expect((await call("GET", "getTeamUserList", editor.token, { id: q.id })).code).toBe(403);
    expect((await call("POST", "quitTeam", owner.token, { id: q.id })).code).toBe(403);

    expect((await call("POST", "transferOwner", owner.token, { id: q.id, userId: admin.user.id })).code).toBe(
      200,
    );
    const after = await call("GET", "getQueationaryTeamDetail", owner.token, { id: q.id });
    expect(after.data).toMatchObject({ myRole: "admin", owner: { userId: admin.user.id } });
    expect((await call("POST", "delTeamUser", admin.token, { id: q.id, userId: owner.user.id })).code).toBe(
      200,
    );
    expect((await call("GET", "getTeamUserList", owner.token, { id: q.id })).code).toBe(403);

    const log = await call("GET", "getTeamActivity", admin.token, { id: q.id });
    expect(log.data.total).toBe(4);
    expect(log.data.list.map((line: { action: string }) => line.action)).toEqual([
      "removeMember",
      "transfer",
      "leave",
      "changeRole",
    ]);
    expect(log.data.list[3]).toMatchObject({ actionName: "修改角色", detail: "编辑丙：编辑 → 数据查看" });
    // Paged newest first: the second page of two holds the two oldest lines.
    const second = await call("GET", "getTeamActivity", admin.token, { id: q.id, pageNum: 2, pageSize: 2 });
    expect(second.data).toMatchObject({ total: 4, pageNum: 2, pageSize: 2 });
    expect(second.data.list.map((line: { action: string }) => line.action)).toEqual(["leave", "changeRole"]);
  });
});
