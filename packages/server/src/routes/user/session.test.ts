import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const login = (phone: string, password: string, ip = "10.0.0.1") =>
  call<{ token: string }>(t.app, "POST", "user/login", { params: { phone, password }, ip });

describe("user/login (password)", () => {
  it("logs in with the right password and answers token and userInfo", async () => {
    const { user } = await buildUser(t, {
      password: "secret123",
      vipLevel: 2,
      vipStopTime: "2027-03-01T15:59:59.000Z",
    });
    const res = await login(user.phone ?? "", "secret123");
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({
      userInfo: { phone: user.phone, vipLevel: 2, vipStopTime: "2027-03-01 23:59:59" },
    });
    const session = await t.db.selectFrom("sessions").selectAll().where("userId", "=", user.id).execute();
    // buildUser opened one session, the login another; only hashes are stored.
    expect(session).toHaveLength(2);
    expect(session.map((s) => s.tokenHash)).not.toContain(res.body.data.token);
  });

  it("answers the same 400 for a wrong password and an unknown phone", async () => {
    const { user } = await buildUser(t, { password: "secret123" });
    const wrong = await login(user.phone ?? "", "secret124");
    const unknown = await login(nextPhone(), "secret123");
    for (const res of [wrong, unknown]) {
      expect(res.body).toEqual({
        code: 400,
        msg: "手机号或密码错误",
        data: { errors: [{ field: "password", message: "手机号或密码错误" }] },
      });
    }
  });
});

describe("sessions", () => {
  it("getUserInfo answers 303 without a token, with an unknown token and after expiry", async () => {
    const { token } = await buildUser(t);
    expect((await call(t.app, "GET", "user/getUserInfo")).body).toEqual({
      code: 303,
      msg: "登录失效，请重新登录",
      data: null,
    });
    expect((await call(t.app, "GET", "user/getUserInfo", { token: "not-a-token" })).body.code).toBe(303);
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body.code).toBe(200);
    t.clock.advance(30 * 86_400 + 1);
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body.code).toBe(303);
  });

  it("answers 202 to a protected call that carries requestParam but no valid token", async () => {
    const res = await call(t.app, "GET", "user/getUserInfo", { headers: { requestParam: "abc.def" } });
    expect(res.body).toEqual({ code: 202, msg: "请先通过来源平台登录", data: null });
  });

  it("logout revokes only the session it was called with", async () => {
    const a = await buildUser(t, { password: "secret123" });
    const second = await login(a.user.phone ?? "", "secret123");
    const out = await call(t.app, "POST", "user/logout", { token: a.token });
    expect(out.body).toEqual({ code: 200, msg: "操作成功", data: null });
    expect((await call(t.app, "GET", "user/getUserInfo", { token: a.token })).body.code).toBe(303);
    expect((await call(t.app, "GET", "user/getUserInfo", { token: second.body.data.token })).body.code).toBe(
      200,
    );
    // Logging out twice, or without a session, is harmless.
    expect((await call(t.app, "POST", "user/logout", { token: a.token })).body.code).toBe(200);
  });

  it("a disabled account's session is refused with 403", async () => {
    const { user, token } = await buildUser(t);
    await t.db.updateTable("users").set({ status: "disabled" }).where("id", "=", user.id).execute();
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body).toMatchObject({
      code: 403,
      msg: "账号已被停用，请联系管理员",
    });
  });
});
