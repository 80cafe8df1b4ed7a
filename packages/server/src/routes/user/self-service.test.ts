import { buildSurvey } from "@wjgj/core/survey/testing/build";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { publishedQuestionnaire } from "../../../test/results-fixtures.ts";
import { resolveSession } from "../../commands/account/sessions.ts";
import { submitResponse } from "../../commands/answering/submit.ts";
import { pruneExpiredRecords } from "../../commands/maintenance.ts";
import { answersOpener, keptPhones } from "../../commands/privacy/sealing.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

/** A six-digit code that is certainly not `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const alive = async (token: string) => (await call(t.app, "GET", "user/getUserInfo", { token })).body.code;
const login = (phone: string, password: string) =>
  call<{ token: string }>(t.app, "POST", "user/login", { params: { phone, password } });

describe("忘记密码: user/sendResetCode and user/resetPassword", () => {
  it("resets the password with the SMS code, ends that account's sessions only, and the new one logs in", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const bystander = await buildUser(t);
    const phone = owner.user.phone ?? "";
    const sent = await call(t.app, "POST", "user/sendResetCode", { params: { phone } });
    expect(sent.body).toMatchObject({ code: 200, msg: "验证码已发送，5分钟内有效" });
    const code = await latestCode(t, phone);

    const bad = await call(t.app, "POST", "user/resetPassword", {
      params: { phone, code: wrong(code), password: "after1234" },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    expect((await login(phone, "before123")).body.code).toBe(200);

    const done = await call(t.app, "POST", "user/resetPassword", {
      params: { phone, code, password: "after1234" },
    });
    expect(done.body).toEqual({ code: 200, msg: "密码已重置，请使用新密码登录", data: null });
    expect(await alive(owner.token)).toBe(303);
    expect(await alive(bystander.token)).toBe(200);
    expect((await login(phone, "before123")).body.code).toBe(400);
    expect((await login(phone, "after1234")).body.code).toBe(200);

    const again = await call(t.app, "POST", "user/resetPassword", {
      params: { phone, code, password: "third1234" },
    });
    expect(again.body).toMatchObject({ code: 400, msg: "请先获取验证码" });
  });

  it("says plainly that an unregistered phone has no account, and throttles resends", async () => {
    const stranger = nextPhone();
    const before = await tableCounts(t);
    const none = await call(t.app, "POST", "user/sendResetCode", { params: { phone: stranger } });
    expect(none.body).toMatchObject({ code: 400, msg: "该手机号尚未注册，可直接使用验证码登录" });
    expect(await tableCounts(t)).toEqual(before);

    const { user } = await buildUser(t);
    const phone = user.phone ?? "";
    expect((await call(t.app, "POST", "user/sendResetCode", { params: { phone } })).body.code).toBe(200);
    const soon = await call(t.app, "POST", "user/sendResetCode", { params: { phone } });
    expect(soon.body).toMatchObject({ code: 429, msg: "验证码发送太频繁，请60秒后再试" });
  });

  it("kills the code after five wrong tries, and a login code never resets a password", async () => {
    const { user } = await buildUser(t, { password: "before123" });
    const phone = user.phone ?? "";
    await call(t.app, "POST", "user/sendCode", { params: { phone } });
    const loginCode = await latestCode(t, phone);
    const crossed = await call(t.app, "POST", "user/resetPassword", {
      params: { phone, code: loginCode, password: "after1234" },
    });
    expect(crossed.body).toMatchObject({ code: 400, msg: "请先获取验证码" });

    t.clock.advance(61);
    await call(t.app, "POST", "user/sendResetCode", { params: { phone } });
    const code = await latestCode(t, phone);
    for (let i = 0; i < 5; i++) {
      await call(t.app, "POST", "user/resetPassword", {
        params: { phone, code: wrong(code), password: "after1234" },
      });
    }
    const right = await call(t.app, "POST", "user/resetPassword", {
      params: { phone, code, password: "after1234" },
    });
    expect(right.body).toMatchObject({ code: 400, msg: "验证码已失效，请重新获取" });
    expect((await login(phone, "before123")).body.code).toBe(200);
  });
});

describe("user/setPassword with an SMS code", () => {
  it("changes a password without the old one when the account's phone code is right", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const phone = owner.user.phone ?? "";
    const other = await login(phone, "before123");
    const noProof = await call(t.app, "POST", "user/setPassword", {
      token: owner.token,
      params: { password: "after1234" },
    });
    expect(noProof.body).toMatchObject({ code: 400, msg: "请输入原密码，或使用短信验证码修改" });

    const sent = await call(t.app, "POST", "user/sendSecurityCode", {
      token: owner.token,
      params: { purpose: "password" },
    });
    expect(sent.body.code).toBe(200);
    const code = await latestCode(t, phone);
    const bad = await call(t.app, "POST", "user/setPassword", {
      token: owner.token,
      params: { password: "after1234", code: wrong(code) },
    });
    expect(bad.body).toMatchObject({ code: 400, msg: "验证码错误，请重新输入" });
    const done = await call(t.app, "POST", "user/setPassword", {
      token: owner.token,
      params: { password: "after1234", code },
    });
    expect(done.body).toMatchObject({ code: 200, msg: "密码已保存" });
    expect(await alive(other.body.data.token)).toBe(303);
    expect(await alive(owner.token)).toBe(200);
    expect((await login(phone, "after1234")).body.code).toBe(200);
  });

  it("tells an SMS-made account it has no password yet, then that it has one", async () => {
    const { token } = await buildUser(t);
    const before = await call(t.app, "GET", "user/getAccountSecurity", { token });
    expect(before.body.data).toMatchObject({ hasPassword: false, deletion: null });
    await call(t.app, "POST", "user/setPassword", { token, params: { password: "first1234" } });
    const after = await call(t.app, "GET", "user/getAccountSecurity", { token });
    expect(after.body.data).toMatchObject({ hasPassword: true });
  });

  it("refuses an unknown code purpose", async () => {
    const { token } = await buildUser(t);
    const res = await call(t.app, "POST", "user/sendSecurityCode", { token, params: { purpose: "login" } });
    expect(res.body).toMatchObject({ code: 400, msg: "验证码用途无效" });
  });
});

describe("user/changePhone", () => {
  it("needs both numbers' codes; a wrong old code spends neither", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const oldPhone = owner.user.phone ?? "";
    const newPhone = nextPhone();
    await call(t.app, "POST", "user/sendSecurityCode", {
      token: owner.token,
      params: { purpose: "phone-old" },
    });
    const sentNew = await call(t.app, "POST", "user/sendNewPhoneCode", {
      token: owner.token,
      params: { phone: newPhone },
    });
    expect(sentNew.body.code).toBe(200);
    const oldCode = await latestCode(t, oldPhone);
    const newCode = await latestCode(t, newPhone);

    const noProof = await call(t.app, "POST", "user/changePhone", {
      token: owner.token,
      params: { phone: newPhone, code: newCode },
    });
    expect(noProof.body).toMatchObject({
      code: 400,
      msg: "请输入原手机号收到的验证码；原手机号已无法使用时，请输入登录密码",
    });
    const badOld = await call(t.app, "POST", "user/changePhone", {
      token: owner.token,
      params: { phone: newPhone, code: newCode, oldCode: wrong(oldCode) },
    });
    expect(badOld.body).toMatchObject({
      code: 400,
      data: { errors: [{ field: "oldCode", message: "验证码错误，请重新输入" }] },
    });

    const done = await call(t.app, "POST", "user/changePhone", {
      token: owner.token,
      params: { phone: newPhone, code: newCode, oldCode },
    });
    expect(done.body).toMatchObject({ code: 200, msg: "手机号已更换", data: { phone: newPhone } });
    expect((await login(newPhone, "before123")).body.code).toBe(200);
    expect((await login(oldPhone, "before123")).body.code).toBe(400);
  });

  it("accepts the password when the old number is unreachable, and refuses a taken or the same number", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const taken = await buildUser(t);
    const same = await call(t.app, "POST", "user/sendNewPhoneCode", {
      token: owner.token,
      params: { phone: owner.user.phone ?? "" },
    });
    expect(same.body).toMatchObject({ code: 400, msg: "新手机号与当前手机号相同" });
    const busy = await call(t.app, "POST", "user/sendNewPhoneCode", {
      token: owner.token,
      params: { phone: taken.user.phone ?? "" },
    });
    expect(busy.body).toMatchObject({ code: 409, msg: "该手机号已绑定其他账号" });

    const newPhone = nextPhone();
    await call(t.app, "POST", "user/sendNewPhoneCode", { token: owner.token, params: { phone: newPhone } });
    const code = await latestCode(t, newPhone);
    const badPassword = await call(t.app, "POST", "user/changePhone", {
      token: owner.token,
      params: { phone: newPhone, code, password: "guess1234" },
    });
    expect(badPassword.body).toMatchObject({ code: 400, msg: "登录密码错误" });
    const done = await call(t.app, "POST", "user/changePhone", {
      token: owner.token,
      params: { phone: newPhone, code, password: "before123" },
    });
    expect(done.body).toMatchObject({ code: 200, data: { phone: newPhone } });
    expect(await alive(taken.token)).toBe(200);
  });
});

describe("signed-in devices", () => {
  it("lists the account's sessions, signs out the others, and leaves other accounts alone", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const bystander = await buildUser(t);
    const phone = owner.user.phone ?? "";
    const phoneLogin = await call<{ token: string }>(t.app, "POST", "user/login", {
      params: { phone, password: "before123" },
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1" },
    });
    const list = await call<{ list: { id: number; current: boolean; device: string }[] }>(
      t.app,
      "GET",
      "user/getSessionList",
      { token: owner.token },
    );
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.list.find((s) => !s.current)?.device).toBe("Safari · iOS");
    expect(list.body.data.list.filter((s) => s.current)).toHaveLength(1);

    const done = await call(t.app, "POST", "user/signOutOtherSessions", { token: owner.token });
    expect(done.body).toMatchObject({ code: 200, msg: "已退出其他设备" });
    expect(await alive(phoneLogin.body.data.token)).toBe(303);
    expect(await alive(owner.token)).toBe(200);
    expect(await alive(bystander.token)).toBe(200);
  });

  it("signs out one own session; another account's session is not found and stays", async () => {
    const owner = await buildUser(t, { password: "before123" });
    const bystander = await buildUser(t);
    const second = await login(owner.user.phone ?? "", "before123");
    const sessions = await t.db.selectFrom("sessions").select(["id", "userId"]).execute();
    const secondId = Math.max(...sessions.filter((s) => s.userId === owner.user.id).map((s) => s.id));
    const foreignId = sessions.find((s) => s.userId === bystander.user.id)?.id ?? 0;

    const foreign = await call(t.app, "POST", "user/signOutSession", {
      token: owner.token,
      params: { id: foreignId },
    });
    expect(foreign.body).toMatchObject({ code: 404, msg: "该登录设备不存在或已退出" });
    expect(await alive(bystander.token)).toBe(200);
    const own = await call(t.app, "POST", "user/signOutSession", {
      token: owner.token,
      params: { id: secondId },
    });
    expect(own.body.code).toBe(200);
    expect(await alive(second.body.data.token)).toBe(303);
  });
});

describe("account deletion with a cooling-off period", () => {
  it("is requested with the password, can be withdrawn, and after 15 days anonymises the account", async () => {
    const owner = await buildUser(t, { password: "before123", nickName: "小王" });
    const bystander = await buildUser(t, { password: "other1234" });
    const phone = owner.user.phone ?? "";
    const noProof = await call(t.app, "POST", "user/requestDeletion", { token: owner.token });
    expect(noProof.body).toMatchObject({ code: 400, msg: "请输入登录密码或短信验证码以确认是本人操作" });
    const badPassword = await call(t.app, "POST", "user/requestDeletion", {
      token: owner.token,
      params: { password: "guess1234" },
    });
    expect(badPassword.body).toMatchObject({ code: 400, msg: "登录密码错误" });

    expect(
      (
        await call(t.app, "POST", "user/requestDeletion", {
          token: owner.token,
          params: { password: "before123" },
        })
      ).body.code,
    ).toBe(200);
    const pending = await call(t.app, "GET", "user/getAccountSecurity", { token: owner.token });
    expect(pending.body.data).toMatchObject({
      deletion: { requestedAt: "2026-06-01 10:00:00", effectiveAt: "2026-06-16 10:00:00" },
    });
    const withdrawn = await call(t.app, "POST", "user/cancelDeletion", { token: owner.token });
    expect(withdrawn.body).toMatchObject({ code: 200, msg: "已撤销注销申请" });
    const twice = await call(t.app, "POST", "user/cancelDeletion", { token: owner.token });
    expect(twice.body).toMatchObject({ code: 409, msg: "当前没有待生效的注销申请" });

    await call(t.app, "POST", "user/sendSecurityCode", { token: owner.token, params: { purpose: "delete" } });
    const code = await latestCode(t, phone);
    expect(
      (await call(t.app, "POST", "user/requestDeletion", { token: owner.token, params: { code } })).body.code,
    ).toBe(200);
    t.clock.advance(14 * 86_400);
    await pruneExpiredRecords(t);
    expect(await alive(owner.token)).toBe(200);
    t.clock.advance(86_400 + 60);
    expect(await pruneExpiredRecords(t)).toMatchObject({ accountDeletions: 1 });
    expect(await alive(owner.token)).toBe(303);
    const row = await t.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      phone: null,
      nickName: "已注销用户",
      passwordHash: null,
      status: "disabled",
    });
    expect((await login(phone, "before123")).body.code).toBe(400);
    expect((await login(bystander.user.phone ?? "", "other1234")).body.code).toBe(200);
  });

  it("takes the account's personal data from where it appears: its responses, claims and codes (issue #36)", async () => {
    const creator = await buildUser(t);
    const respondent = await buildUser(t, { password: "leave1234" });
    const phone = respondent.user.phone ?? "";
    const q = await publishedQuestionnaire(
      t,
      creator,
      buildSurvey([
        {
          id: "dept",
          type: "single",
          title: "部门",
          config: { options: [{ id: "a", label: "销售部" }] },
        },
        { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
        { id: "mobile", type: "personal", title: "手机", config: { preset: "mobile", unique: true } },
      ]),
    );
    const viewer = await resolveSession(t.db, t.clock, respondent.token);
    const submit = (answers: Record<string, unknown>, as: typeof viewer, key: string) =>
      submitResponse(
        t.ctx,
        as,
        {
          publicId: q.publicId,
          revisionId: q.revisionId,
          answers,
          durationSeconds: 30,
          deviceId: `dev-${key}`,
          idempotencyKey: `key-${key}`,
          source: "link",
        },
        { ip: "10.3.3.3", userAgent: "vitest" },
      );
    const mine = await submit({ dept: { optionId: "a" }, name: "王小明", mobile: phone }, viewer, "mine");
    const other = await submit(
      { dept: { optionId: "a" }, name: "李四", mobile: "13800000099" },
      null,
      "other",
    );

    // A draw made without signing in, counted per phone: it keeps the questionnaire's digest of the phone.
    const [phoneDigest] = keptPhones(t.db, q.id, phone);
    await t.db
      .insertInto("prize_draws")
      .values({
        questionnaireId: q.id,
        responseId: other.responseId as number,
        prizeId: null,
        won: 1,
        deviceId: "dev-draw",
        userId: null,
        phone: phoneDigest,
        winnerInfo: '{"name":"王小明"}',
        sentAt: null,
        createdAt: t.clock.now().toISOString(),
      })
      .execute();

    await call(t.app, "POST", "user/requestDeletion", {
      token: respondent.token,
      params: { password: "leave1234" },
    });
    t.clock.advance(15 * 86_400 + 60);
    expect(await pruneExpiredRecords(t)).toMatchObject({ accountDeletions: 1 });

    const openStored = await answersOpener(t.db, q.id);
    const rows = await t.db
      .selectFrom("responses")
      .select(["id", "answers", "userId", "ip", "erasedAs", "status"])
      .where("questionnaireId", "=", q.id)
      .orderBy("id")
      .execute();
    const [gone, kept] = rows;
    expect(gone).toMatchObject({
      id: mine.responseId,
      userId: null,
      ip: "",
      erasedAs: "anonymised",
      status: "valid",
    });
    expect(openStored(gone?.answers ?? "{}")).toEqual({ dept: { optionId: "a" } });
    expect(kept).toMatchObject({ id: other.responseId, erasedAs: null });
    expect(openStored(kept?.answers ?? "{}")).toMatchObject({ name: "李四", mobile: "13800000099" });
    // Its phone no longer blocks the number (不允许重复), nor is it in codes or SMS records.
    const again = await submit({ dept: { optionId: "a" }, mobile: phone }, null, "again");
    expect(again.responseId).not.toBeNull();
    const draw = await t.db
      .selectFrom("prize_draws")
      .select(["phone", "winnerInfo"])
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(draw).toEqual({ phone: expect.stringMatching(/^deleted:\d+$/), winnerInfo: "{}" });
    for (const table of ["sms_outbox", "phone_codes", "login_attempts", "start_reminders"] as const) {
      const left = await t.db.selectFrom(table).select("phone").where("phone", "=", phone).execute();
      expect(left, table).toEqual([]);
    }
  });
});

describe("access", () => {
  const signedIn: ReadonlyArray<readonly ["GET" | "POST", string]> = [
    ["GET", "user/getAccountSecurity"],
    ["POST", "user/sendSecurityCode"],
    ["POST", "user/uploadAvatar"],
    ["POST", "user/sendNewPhoneCode"],
    ["POST", "user/changePhone"],
    ["GET", "user/getSessionList"],
    ["POST", "user/signOutSession"],
    ["POST", "user/signOutOtherSessions"],
    ["POST", "user/requestDeletion"],
    ["POST", "user/cancelDeletion"],
  ];
  it("answers 303 to anonymous callers and a disabled account gets 403", async () => {
    const disabled = await buildUser(t, { status: "disabled" });
    for (const [method, path] of signedIn) {
      expect((await call(t.app, method, path)).body.code, path).toBe(303);
      expect((await call(t.app, method, path, { token: disabled.token })).body.code, path).toBe(403);
    }
  });
});
