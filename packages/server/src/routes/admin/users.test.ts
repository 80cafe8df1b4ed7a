import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  auditRowsOf,
  type BuiltUser,
  buildAdmin,
  buildQuestionnaire,
  buildUser,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { createSession, resolveSession } from "../../commands/account/sessions.ts";
import { updateUserByAdmin } from "../../commands/admin/users.ts";
import { InvalidInputError } from "../../errors.ts";

let t: TestContext;
let admin: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

const update = (params: Record<string, string | number>) =>
  call<{ status: string; vipLevel: number; vipStopTime: string }>(t.app, "POST", "admin/user/update", {
    token: admin.token,
    params,
  });
const userInfo = (token: string) => call(t.app, "GET", "user/getUserInfo", { token });

describe("admin/user/update", () => {
  it("grants and revokes isTemplate: only a template author may submit a template for the public gallery", async () => {
    const author = await buildUser(t);
    const q = await buildQuestionnaire(t, author);
    const submit = () =>
      call(t.app, "POST", "template/addTemplate", {
        token: author.token,
        params: { questionaryId: q.id, visibility: "public" },
      });
    expect((await submit()).body).toMatchObject({
      code: 403,
      msg: "只有模板作者账号可以提交公开模板，请联系管理员开通",
    });

    const granted = await update({ id: author.user.id, isTemplate: 1 });
    expect(granted.body.data).toMatchObject({ isTemplate: 1 });
    expect((await userInfo(author.token)).body).toMatchObject({ data: { isTemplate: 1 } });
    expect((await submit()).body).toMatchObject({ code: 200, data: { reviewState: "pending" } });

    await update({ id: author.user.id, isTemplate: 0 });
    expect((await submit()).body.code).toBe(403);
    const audit = await auditRowsOf(t, "user", author.user.id);
    expect(audit.map((row) => (row.after as { isTemplate: number }).isTemplate)).toEqual([1, 0]);
    expect((await update({ id: author.user.id, isTemplate: "x" })).body).toMatchObject({
      code: 400,
      msg: "模板作者标记需为是或否",
    });
  });

  it("disabling a user ends all their sessions; enabling lets them log in again", async () => {
    const target = await buildUser(t, { password: "Secret123" });
    const second = await createSession(t.db, t.clock, 30, target.user, {
      ip: "1.1.1.1",
      userAgent: "x",
      fromType: 1,
    });
    expect((await userInfo(target.token)).body.code).toBe(200);

    const res = await update({ id: target.user.id, status: "disabled" });
    expect(res.body.data.status).toBe("disabled");
    expect((await userInfo(target.token)).body.code).toBe(303);
    expect((await userInfo(second.token)).body.code).toBe(303);
    const login = () =>
      call(t.app, "POST", "user/login", {
        params: { phone: target.user.phone ?? "", password: "Secret123" },
      });
    expect((await login()).body).toMatchObject({ code: 403, msg: "账号已被停用，请联系管理员" });

    await update({ id: target.user.id, status: "active" });
    expect((await login()).body.code).toBe(200);
    const audit = await auditRowsOf(t, "user", target.user.id);
    expect(audit.map((row) => [row.action, (row.after as { status: string }).status])).toEqual([
      ["update", "disabled"],
      ["update", "active"],
    ]);
    expect(JSON.stringify(audit)).not.toContain("scrypt");
  });

  it("sets the membership level and expiry, and level 0 clears the expiry", async () => {
    const target = await buildUser(t);
    const missing = await update({ id: target.user.id, vipLevel: 2 });
    expect(missing.body).toMatchObject({ code: 400, msg: "请设置会员到期时间" });
    const set = await update({
      id: target.user.id,
      vipLevel: 2,
      vipStopTime: "2027-06-30 23:59:59",
      vipReason: "补偿服务中断",
    });
    expect(set.body.data).toMatchObject({ vipLevel: 2, vipStopTime: "2027-06-30 23:59:59" });
    const info = await call<{ vipLevel: number; vipStopTime: string }>(t.app, "GET", "user/getUserInfo", {
      token: target.token,
    });
    expect(info.body.data).toMatchObject({ vipLevel: 2, vipStopTime: "2027-06-30 23:59:59" });
    expect(
      (await update({ id: target.user.id, vipLevel: 0, vipReason: "试用结束" })).body.data,
    ).toMatchObject({
      vipLevel: 0,
      vipStopTime: "",
    });
    expect((await update({ id: target.user.id, vipStopTime: "2027-02-30" })).body.msg).toBe(
      "时间格式应为 YYYY-MM-DD HH:mm:ss",
    );
  });

  it("a membership changed by hand needs a reason, which the audit log keeps; other changes do not", async () => {
    const target = await buildUser(t);
    const grant = { id: target.user.id, vipLevel: 3, vipStopTime: "2027-01-31 23:59:59" };
    for (const vipReason of [undefined, "", "   ", "理".repeat(201)]) {
      const refused = await update(vipReason === undefined ? grant : { ...grant, vipReason });
      expect(refused.body).toMatchObject({
        code: 400,
        msg: "请填写调整会员的原因（不超过200字）",
        data: { errors: [{ field: "vipReason", message: "请填写调整会员的原因（不超过200字）" }] },
      });
    }
    const stillFree = await t.db
      .selectFrom("users")
      .select(["vipLevel", "vipStopTime"])
      .where("id", "=", target.user.id)
      .executeTakeFirstOrThrow();
    expect(stillFree).toEqual({ vipLevel: 0, vipStopTime: null });
    expect(await auditRowsOf(t, "user", target.user.id)).toEqual([]);

    expect((await update({ ...grant, vipReason: "  合作伙伴试用 " })).body.data).toMatchObject({
      vipLevel: 3,
    });
    // Saving the same membership again (the dialog's 保存 without a change) needs no reason.
    expect((await update(grant)).body.code).toBe(200);
    expect((await update({ id: target.user.id, status: "disabled" })).body.code).toBe(200);
    const audit = await auditRowsOf(t, "user", target.user.id);
    expect(audit.map((row) => [row.action, (row.after as { reason?: string }).reason])).toEqual([
      ["grantLevel", "合作伙伴试用"],
      ["update", undefined],
      ["update", undefined],
    ]);
    expect(audit[0]).toMatchObject({
      before: { vipLevel: 0 },
      after: { vipLevel: 3, vipStopTime: "2027-01-31 23:59:59" },
    });
  });

  it("refuses an admin disabling their own account, an empty change and unknown users", async () => {
    expect((await update({ id: admin.user.id, status: "disabled" })).body).toMatchObject({
      code: 400,
      msg: "不能停用自己的账号",
    });
    expect((await update({ id: admin.user.id })).body).toMatchObject({
      code: 400,
      msg: "请填写要修改的内容",
    });
    expect((await update({ id: 987_654, status: "active" })).body).toMatchObject({
      code: 404,
      msg: "用户不存在",
    });
  });
});

describe("admins keep the console", () => {
  it("two admins disabling each other at once leave one of them active, the other told why", async () => {
    const other = await buildAdmin(t);
    // Both requests are past their session check before either writes, as when they arrive together.
    const viewers = await Promise.all([admin, other].map((who) => resolveSession(t.db, t.clock, who.token)));
    const [first, second] = viewers;
    if (!first || !second) throw new Error("no session");
    const results = await Promise.allSettled([
      updateUserByAdmin(t.ctx, first, { id: other.user.id, status: "disabled" }),
      updateUserByAdmin(t.ctx, second, { id: admin.user.id, status: "disabled" }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(InvalidInputError);
    expect(refused?.reason).toMatchObject({
      message: "不能停用最后一个管理员账号，请先确保还有其他可用的管理员",
    });
    const active = await t.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("status", "=", "active")
      .execute();
    expect(active).toHaveLength(1);
  });

  it("refuses an admin resetting their own password here, and changes nothing", async () => {
    const before = await t.db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", admin.user.id)
      .executeTakeFirstOrThrow();
    const res = await call(t.app, "POST", "admin/user/resetPassword", {
      token: admin.token,
      params: { id: admin.user.id },
    });
    expect(res.body).toMatchObject({ code: 400, msg: "不能在这里重置自己的密码，请在个人资料中修改密码" });
    expect((await userInfo(admin.token)).body.code).toBe(200);
    const after = await t.db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", admin.user.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe("admin/user/resetPassword and getSessionList", () => {
  it("answers a new password once, which works, and ends the user's sessions", async () => {
    const target = await buildUser(t, { password: "OldPass123" });
    const res = await call<{ password: string }>(t.app, "POST", "admin/user/resetPassword", {
      token: admin.token,
      params: { id: target.user.id },
    });
    expect(res.body.msg).toBe("密码已重置，新密码只显示这一次，请及时告知用户");
    const password = res.body.data.password;
    expect(password).toMatch(/^[A-Za-z]{8}\d{4}$/);
    expect((await userInfo(target.token)).body.code).toBe(303);
    const login = (pw: string) =>
      call(t.app, "POST", "user/login", { params: { phone: target.user.phone ?? "", password: pw } });
    expect((await login("OldPass123")).body.code).toBe(400);
    expect((await login(password)).body.code).toBe(200);
    const [audit] = await auditRowsOf(t, "user", target.user.id);
    expect(audit).toMatchObject({
      action: "resetPassword",
      after: { passwordReset: true, sessionsRevoked: 1 },
    });
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it("lists a user's sessions with whether each still works, never a token", async () => {
    const target = await buildUser(t);
    t.clock.advance(60);
    await call(t.app, "POST", "user/logout", { token: target.token });
    await createSession(t.db, t.clock, 30, target.user, { ip: "10.8.8.8", userAgent: "Safari", fromType: 2 });
    const res = await call<{ list: Record<string, unknown>[]; total: number }>(
      t.app,
      "GET",
      "admin/user/getSessionList",
      {
        token: admin.token,
        params: { userId: target.user.id },
      },
    );
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list[0]).toMatchObject({
      ip: "10.8.8.8",
      userAgent: "Safari",
      fromType: 2,
      active: true,
    });
    expect(res.body.data.list[1]).toMatchObject({ active: false });
    expect(JSON.stringify(res.body)).not.toContain(target.token);
    expect(Object.keys(res.body.data.list[0] ?? {})).not.toContain("tokenHash");
    const unknown = await call(t.app, "GET", "admin/user/getSessionList", {
      token: admin.token,
      params: { userId: 999 },
    });
    expect(unknown.body.code).toBe(404);
  });

  it("finds users by nickname as well as phone", async () => {
    await buildUser(t, { nickName: "问卷达人" });
    await buildUser(t, { nickName: "路人" });
    const res = await call<{ list: { nickName: string }[] }>(t.app, "GET", "admin/user/getUserList", {
      token: admin.token,
      params: { nickName: "达人", phone: "" },
    });
    expect(res.body.data.list.map((u) => u.nickName)).toEqual(["问卷达人"]);
  });
});
