import { limits } from "@wjgj/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { hashCaptchaAnswer } from "../../commands/account/login-captcha.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const throttle = limits.passwordLogin;
const ATTACKER = "10.5.5.5";
const login = (phone: string, password: string, ip: string, captcha: Record<string, string> = {}) =>
  call<{ token: string }>(t.app, "POST", "user/login", { params: { phone, password, ...captcha }, ip });
const captchaRequired = {
  code: 400,
  msg: "密码错误次数较多，请输入图形验证码后再登录，或使用短信验证码登录",
  data: { errors: [{ field: "captchaCode" }] },
};

/** A captcha whose answer the test knows (the picture's text is never stored, only its hash). */
async function knownCaptcha(answer: string): Promise<string> {
  const id = `${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(32, "0").slice(0, 32);
  await t.db
    .insertInto("login_captchas")
    .values({
      id,
      answerHash: hashCaptchaAnswer(answer),
      expiresAt: new Date(t.clock.now().getTime() + 300_000).toISOString(),
      usedAt: null,
    })
    .execute();
  return id;
}

describe("password login throttling", () => {
  it("never refuses the right password to its owner while someone else guesses it", async () => {
    const { user } = await buildUser(t, { password: "secret123" });
    const phone = user.phone ?? "";
    for (let i = 0; i < throttle.perClientPhone; i += 1)
      expect((await login(phone, "nope-1234", ATTACKER)).body.msg).toBe("手机号或密码错误");
    // The guesser now needs a captcha for every further try, the right password included…
    expect((await login(phone, "secret123", ATTACKER)).body).toMatchObject(captchaRequired);
    // …and failures from elsewhere push the phone over its own limit.
    for (let i = 0; i < throttle.perPhone; i += 1) await login(phone, "nope-1234", `10.6.0.${i}`);
    // The owner, who has not failed for this phone, is not asked and gets in.
    expect((await login(phone, "secret123", "10.0.0.1")).body.code).toBe(200);
    // A client with one slip on a phone under attack is asked, and the SMS code is always a way in.
    expect((await login(phone, "nope-1234", "10.7.7.7")).body.code).toBe(400);
    expect((await login(phone, "secret123", "10.7.7.7")).body).toMatchObject(captchaRequired);
    await call(t.app, "POST", "user/sendCode", { params: { phone }, ip: "10.7.7.7" });
    const code = await latestCode(t, phone);
    const bySms = await call(t.app, "POST", "user/checkPhoneCode", {
      params: { phone, code },
      ip: "10.7.7.7",
    });
    expect(bySms.body.code).toBe(200);
  });

  it("lets a client that failed in with a solved captcha; each captcha answers one try", async () => {
    const { user } = await buildUser(t, { password: "secret123" });
    const phone = user.phone ?? "";
    for (let i = 0; i < throttle.perClientPhone; i += 1) await login(phone, "nope-1234", ATTACKER);
    const picture = await call<{ captchaId: string; image: string }>(t.app, "GET", "user/getLoginCaptcha");
    expect(picture.body.data.captchaId).toMatch(/^[0-9a-f]{32}$/);
    expect(picture.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(picture.body.data.image.split(",")[1] ?? "", "base64").toString()).toContain("<svg");

    const wrongMsg = "图形验证码错误或已失效，请重新输入";
    const first = await knownCaptcha("AbCd");
    expect(
      (await login(phone, "secret123", ATTACKER, { captchaId: first, captchaCode: "zzzz" })).body.msg,
    ).toBe(wrongMsg);
    // Spent by the wrong answer: the right one no longer opens it.
    expect(
      (await login(phone, "secret123", ATTACKER, { captchaId: first, captchaCode: "abcd" })).body.msg,
    ).toBe(wrongMsg);
    const second = await knownCaptcha("AbCd");
    const wrongPassword = await login(phone, "nope-1234", ATTACKER, {
      captchaId: second,
      captchaCode: "abcd",
    });
    expect(wrongPassword.body.msg).toBe("手机号或密码错误");
    const third = await knownCaptcha("AbCd");
    expect(
      (await login(phone, "secret123", ATTACKER, { captchaId: third, captchaCode: "abcd" })).body.code,
    ).toBe(200);
    t.clock.advance(throttle.windowSeconds + 1);
    expect((await login(phone, "secret123", ATTACKER)).body.code).toBe(200);
  });

  it("one address failing across many phones (a school behind one NAT) is asked only on phones it failed", async () => {
    const { user } = await buildUser(t, { password: "secret123" });
    const phones = Array.from({ length: throttle.perIpPhones }, () => nextPhone());
    for (const phone of phones) expect((await login(phone, "nope-1234", ATTACKER)).body.code).toBe(400);
    expect((await login(phones[0] ?? "", "nope-1234", ATTACKER)).body).toMatchObject(captchaRequired);
    expect((await login(user.phone ?? "", "secret123", ATTACKER)).body.code).toBe(200);
  });
});
