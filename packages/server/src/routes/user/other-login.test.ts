import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser } from "../../../test/factories.ts";
import { call, createTestContext, OTHER_LOGIN_SECRET, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

/** What a partner platform does, written from the README's description, not from our code. */
function sign(payload: object, secret = OTHER_LOGIN_SECRET): string {
  const json = Buffer.from(JSON.stringify(payload));
  const mac = createHmac("sha256", secret).update(json).digest();
  return `${json.toString("base64url")}.${mac.toString("base64url")}`;
}

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
const otherLogin = (requestParam: string, fromType = 3) =>
  call<{ token: string; isTemplate: number }>(t.app, "POST", "user/fromOtherLogin", {
    params: { requestParam, fromType },
  });

describe("user/fromOtherLogin", () => {
  it("logs in a partner's user, creating the linked account once", async () => {
    const res = await otherLogin(sign({ platformUserId: "p-42", nickName: "合作方用户", iat: nowSeconds() }));
    expect(res.body.code).toBe(200);
    expect(res.body.data.isTemplate).toBe(0);
    const info = await call(t.app, "GET", "user/getUserInfo", { token: res.body.data.token });
    expect(info.body).toMatchObject({ code: 200, data: { nickName: "合作方用户", phone: "" } });

    t.clock.advance(10);
    const again = await otherLogin(sign({ platformUserId: "p-42", iat: nowSeconds() }));
    expect(again.body.code).toBe(200);
    expect(await t.db.selectFrom("external_accounts").selectAll().execute()).toHaveLength(1);
    const session = await t.db.selectFrom("sessions").select("fromType").executeTakeFirstOrThrow();
    expect(session.fromType).toBe(3);
  });

  it("keeps the asserted phone only when no account owns it", async () => {
    const owner = await buildUser(t);
    const res = await otherLogin(sign({ platformUserId: "p-1", phone: owner.user.phone, iat: nowSeconds() }));
    const info = await call(t.app, "GET", "user/getUserInfo", { token: res.body.data.token });
    expect(info.body).toMatchObject({ data: { phone: "" } });
  });

  it("refuses a bad signature, a wrong secret and garbage", async () => {
    const good = sign({ platformUserId: "p-1", iat: nowSeconds() });
    const [payload] = good.split(".");
    for (const bad of [
      `${payload}.${Buffer.from("x".repeat(32)).toString("base64url")}`,
      sign({ platformUserId: "p-1", iat: nowSeconds() }, "another-secret"),
      "no-dot-at-all",
      `${Buffer.from("not json").toString("base64url")}.abc`,
    ]) {
      expect((await otherLogin(bad)).body).toEqual({
        code: 400,
        msg: "来源平台登录凭证无效",
        data: { errors: [{ field: "requestParam", message: "来源平台登录凭证无效" }] },
      });
    }
    expect(await t.db.selectFrom("users").selectAll().execute()).toHaveLength(0);
  });

  it("refuses a payload older than 5 minutes", async () => {
    const res = await otherLogin(sign({ platformUserId: "p-1", iat: nowSeconds() - 301 }));
    expect(res.body).toMatchObject({ code: 400, msg: "来源平台登录凭证已过期，请从来源平台重新进入" });
    expect((await otherLogin(sign({ platformUserId: "p-1", iat: nowSeconds() - 299 }))).body.code).toBe(200);
  });

  it("a protected call with a spent requestParam answers 303, not 202 again", async () => {
    const requestParam = sign({ platformUserId: "p-7", iat: nowSeconds() });
    const fresh = await call(t.app, "GET", "user/getUserInfo", { headers: { requestParam } });
    expect(fresh.body.code).toBe(202);
    expect((await otherLogin(requestParam)).body.code).toBe(200);
    const spent = await call(t.app, "GET", "user/getUserInfo", { headers: { requestParam } });
    expect(spent.body).toMatchObject({ code: 303, msg: "登录失效，请重新登录" });
  });

  it("refuses a replayed requestParam", async () => {
    const requestParam = sign({ platformUserId: "p-1", iat: nowSeconds() });
    expect((await otherLogin(requestParam)).body.code).toBe(200);
    t.clock.advance(5);
    expect((await otherLogin(requestParam)).body).toMatchObject({
      code: 400,
      msg: "来源平台登录凭证已使用，请从来源平台重新进入",
    });
  });
});

describe("user/fromOtherLogin without a configured secret", () => {
  it("answers a clear error", async () => {
    const local = await createTestContext({ OTHER_LOGIN_SECRET: "" });
    try {
      const res = await call(local.app, "POST", "user/fromOtherLogin", {
        params: { requestParam: sign({ platformUserId: "p", iat: 1 }), fromType: 2 },
      });
      expect(res.body).toMatchObject({ code: 400, msg: "未配置第三方平台登录，请联系管理员" });
    } finally {
      await local.close();
    }
  });
});
