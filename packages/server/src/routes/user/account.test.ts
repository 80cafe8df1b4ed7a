import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("user/updateUserInfo", () => {
  it("changes nickname and avatar and answers the new userInfo", async () => {
    const { token } = await buildUser(t);
    const res = await call(t.app, "POST", "user/updateUserInfo", {
      token,
      params: { nickName: "  小王  ", avatar: "https://img.example.com/a.png" },
    });
    expect(res.body).toMatchObject({
      code: 200,
      data: {
        nickName: "小王",
        avatar: "https://img.example.com/a.png",
        headImg: "https://img.example.com/a.png",
      },
    });
  });

  it("refuses a script URL as avatar and an empty change", async () => {
    const { token } = await buildUser(t);
    const bad = await call(t.app, "POST", "user/updateUserInfo", {
      token,
      params: { avatar: "javascript:alert(1)" },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: "头像地址无效" });
    const empty = await call(t.app, "POST", "user/updateUserInfo", { token });
    expect(empty.body).toMatchObject({ code: 400, msg: "请填写要修改的昵称或头像" });
    expect((await call(t.app, "POST", "user/updateUserInfo", { params: { nickName: "x" } })).body.code).toBe(
      303,
    );
  });
});

describe("user/setPassword", () => {
  it("sets a first password, then needs the old one and ends other sessions", async () => {
    const { user, token } = await buildUser(t);
    const phone = user.phone ?? "";
    const weak = await call(t.app, "POST", "user/setPassword", { token, params: { password: "12345678" } });
    expect(weak.body).toMatchObject({ code: 400, msg: "密码需为8-32位，且同时包含字母和数字" });
    expect(
      (await call(t.app, "POST", "user/setPassword", { token, params: { password: "first123" } })).body.code,
    ).toBe(200);
    const other = await call<{ token: string }>(t.app, "POST", "user/login", {
      params: { phone, password: "first123" },
    });
    expect(other.body.code).toBe(200);

    const noOld = await call(t.app, "POST", "user/setPassword", { token, params: { password: "second123" } });
    expect(noOld.body).toMatchObject({ code: 400, msg: "请输入原密码，或使用短信验证码修改" });
    const wrongOld = await call(t.app, "POST", "user/setPassword", {
      token,
      params: { password: "second123", oldPassword: "guess1234" },
    });
    expect(wrongOld.body).toMatchObject({ code: 400, msg: "原密码错误" });
    const changed = await call(t.app, "POST", "user/setPassword", {
      token,
      params: { password: "second123", oldPassword: "first123" },
    });
    expect(changed.body.code).toBe(200);
    expect((await call(t.app, "GET", "user/getUserInfo", { token: other.body.data.token })).body.code).toBe(
      303,
    );
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body.code).toBe(200);
    expect(
      (await call(t.app, "POST", "user/login", { params: { phone, password: "second123" } })).body.code,
    ).toBe(200);
  });
});

describe("user/getPhoneCode and user/confirmPhone (/ConfirmPhone)", () => {
  it("binds a phone to an account that has none", async () => {
    const { token } = await buildUser(t, { phone: null });
    const phone = nextPhone();
    const sent = await call(t.app, "GET", "user/getPhoneCode", { token, params: { phone } });
    expect(sent.body).toEqual({ code: 200, msg: "验证码已发送，5分钟内有效", data: null });
    const code = await latestCode(t, phone);
    const wrong = await call(t.app, "POST", "user/confirmPhone", {
      token,
      params: { phone, code: code === "000000" ? "111111" : "000000" },
    });
    expect(wrong.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    const res = await call(t.app, "POST", "user/confirmPhone", { token, params: { phone, code } });
    expect(res.body).toMatchObject({ code: 200, data: { phone } });
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body).toMatchObject({ data: { phone } });
  });

  it("answers 409 when another account owns the phone, and 303 when logged out", async () => {
    const owner = await buildUser(t);
    const { token } = await buildUser(t, { phone: null });
    const res = await call(t.app, "GET", "user/getPhoneCode", {
      token,
      params: { phone: owner.user.phone ?? "" },
    });
    expect(res.body).toEqual({ code: 409, msg: "该手机号已绑定其他账号", data: null });
    expect(
      (await call(t.app, "GET", "user/getPhoneCode", { params: { phone: nextPhone() } })).body.code,
    ).toBe(303);
  });

  it("refuses to replace a phone the account already has", async () => {
    const { token } = await buildUser(t);
    const res = await call(t.app, "GET", "user/getPhoneCode", { token, params: { phone: nextPhone() } });
    expect(res.body).toEqual({
      code: 409,
      msg: "当前账号已绑定手机号，如需更换请在个人中心操作",
      data: null,
    });
    expect(await t.db.selectFrom("sms_outbox").selectAll().execute()).toHaveLength(0);
  });

  it("a login code cannot be used to bind, and the same send limits apply", async () => {
    const { token } = await buildUser(t, { phone: null });
    const phone = nextPhone();
    await call(t.app, "POST", "user/sendCode", { params: { phone } });
    const loginCode = await latestCode(t, phone);
    const res = await call(t.app, "POST", "user/confirmPhone", { token, params: { phone, code: loginCode } });
    expect(res.body).toMatchObject({ code: 400, msg: "请先获取验证码" });
    const again = await call(t.app, "GET", "user/getPhoneCode", { token, params: { phone } });
    expect(again.body).toMatchObject({ code: 429 });
  });
});
