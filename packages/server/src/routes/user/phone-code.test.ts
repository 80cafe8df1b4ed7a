import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { latestCode, nextPhone, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const send = (phone: string, ip = "10.0.0.1") =>
  call(t.app, "POST", "user/sendCode", { params: { phone }, ip });
const check = (phone: string, code: string) =>
  call(t.app, "POST", "user/checkPhoneCode", { params: { phone, code } });

describe("user/sendCode", () => {
  it("sends a 6-digit code through the outbox and stores only its hash", async () => {
    const phone = nextPhone();
    const res = await send(phone);
    expect(res).toEqual({ status: 200, body: { code: 200, msg: "验证码已发送，5分钟内有效", data: null } });
    const code = await latestCode(t, phone);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.db
      .selectFrom("phone_codes")
      .selectAll()
      .where("phone", "=", phone)
      .executeTakeFirstOrThrow();
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(code);
    expect(Date.parse(stored.expiresAt) - Date.parse(stored.createdAt)).toBe(300_000);
  });

  it("says what a code is for, and refuses a purpose it does not know without sending", async () => {
    const phone = nextPhone();
    const bad = await call(t.app, "POST", "user/sendCode", { params: { phone, purpose: "xyz" } });
    expect(bad.body).toMatchObject({ code: 400, msg: "验证码用途无效" });
    expect((await send(phone)).body.code).toBe(200);
    const sms = await t.db.selectFrom("sms_outbox").select("content").where("phone", "=", phone).execute();
    expect(sms.map((row) => row.content.slice(0, 14))).toEqual(["【问卷管家】您的登录验证码是"]);
  });

  it("refuses a resend in the 59th second and allows it in the 61st", async () => {
    const phone = nextPhone();
    expect((await send(phone)).body.code).toBe(200);
    t.clock.advance(59);
    const early = await send(phone);
    expect(early.body).toMatchObject({ code: 429, msg: "验证码发送太频繁，请60秒后再试" });
    t.clock.advance(2);
    expect((await send(phone)).body.code).toBe(200);
  });

  it("allows 10 codes a day per phone", async () => {
    const phone = nextPhone();
    for (let i = 0; i < 10; i += 1) {
      expect((await send(phone, `10.1.0.${i}`)).body.code).toBe(200);
      t.clock.advance(61);
    }
    expect((await send(phone, "10.1.1.1")).body).toMatchObject({
      code: 429,
      msg: "该手机号今日获取验证码次数已达上限，请明天再试",
    });
    t.clock.advance(86_400);
    expect((await send(phone, "10.1.1.2")).body.code).toBe(200);
  });

  it("allows 20 codes an hour per IP", async () => {
    for (let i = 0; i < 20; i += 1) expect((await send(nextPhone(), "10.9.9.9")).body.code).toBe(200);
    const before = await tableCounts(t);
    expect((await send(nextPhone(), "10.9.9.9")).body).toMatchObject({
      code: 429,
      msg: "当前网络获取验证码过于频繁，请1小时后再试",
    });
    expect(await tableCounts(t)).toEqual(before);
    expect((await send(nextPhone(), "10.9.9.8")).body.code).toBe(200);
    t.clock.advance(3601);
    expect((await send(nextPhone(), "10.9.9.9")).body.code).toBe(200);
  });

  it("answers 400 with the field for a bad phone", async () => {
    const res = await send("12345");
    expect(res.body).toEqual({
      code: 400,
      msg: "请输入正确的11位手机号",
      data: { errors: [{ field: "phone", message: "请输入正确的11位手机号" }] },
    });
  });
});

describe("user/checkPhoneCode", () => {
  it("logs in with the right code, creating the account on first login", async () => {
    const phone = nextPhone();
    await send(phone);
    const res = await check(phone, await latestCode(t, phone));
    expect(res.body.code).toBe(200);
    const data = res.body.data as { token: string; userInfo: Record<string, unknown> };
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(data.userInfo).toEqual({
      avatar: "",
      headImg: "",
      nickName: `用户${phone.slice(-4)}`,
      phone,
      vipLevel: 0,
      vipStopTime: "",
      isTemplate: 0,
      role: "user",
    });
    const info = await call(t.app, "GET", "user/getUserInfo", { token: data.token });
    expect(info.body).toMatchObject({ code: 200, data: { phone } });

    // The second login finds the same account; the used code does not work again.
    t.clock.advance(61);
    await send(phone);
    const code = await latestCode(t, phone);
    expect((await check(phone, code)).body.code).toBe(200);
    expect((await check(phone, code)).body).toMatchObject({ code: 400, msg: "请先获取验证码" });
    const users = await t.db.selectFrom("users").select("id").where("phone", "=", phone).execute();
    expect(users).toHaveLength(1);
  });

  it("kills the code after 5 wrong tries: the 6th try is refused even with the right code", async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await latestCode(t, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i += 1) {
      expect((await check(phone, wrong)).body).toEqual({
        code: 400,
        msg: "验证码错误，请重新输入",
        data: { errors: [{ field: "code", message: "验证码错误，请重新输入" }] },
      });
    }
    expect((await check(phone, code)).body).toMatchObject({ code: 400, msg: "验证码已失效，请重新获取" });
    expect(await t.db.selectFrom("sessions").selectAll().execute()).toHaveLength(0);
  });

  it("accepts the right code after 4 wrong tries", async () => {
    const phone = nextPhone();
    await send(phone);
    const code = await latestCode(t, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i += 1) await check(phone, wrong);
    expect((await check(phone, code)).body.code).toBe(200);
  });

  it("refuses a code older than 5 minutes and an earlier code once a new one was sent", async () => {
    const phone = nextPhone();
    await send(phone);
    const first = await latestCode(t, phone);
    t.clock.advance(301);
    expect((await check(phone, first)).body).toMatchObject({ code: 400, msg: "验证码已失效，请重新获取" });
    await send(phone);
    const second = await latestCode(t, phone);
    if (second !== first) expect((await check(phone, first)).body.code).toBe(400);
    expect((await check(phone, second)).body.code).toBe(200);
  });

  it("refuses a disabled account with 403", async () => {
    const phone = nextPhone();
    await send(phone);
    await check(phone, await latestCode(t, phone));
    await t.db.updateTable("users").set({ status: "disabled" }).where("phone", "=", phone).execute();
    t.clock.advance(61);
    await send(phone);
    expect((await check(phone, await latestCode(t, phone))).body).toMatchObject({
      code: 403,
      msg: "账号已被停用，请联系管理员",
    });
  });
});
