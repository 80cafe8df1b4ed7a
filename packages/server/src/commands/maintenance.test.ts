import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildUser, latestCode, nextPhone } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { pruneExpiredRecords } from "./maintenance.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("pruneExpiredRecords", () => {
  it("keeps SMS records 30 days and security logs a year", async () => {
    const phone = nextPhone();
    await call(t.app, "POST", "user/sendCode", { params: { phone } });
    await latestCode(t, phone);
    const { token } = await buildUser(t, { password: "secret123" });
    await call(t.app, "POST", "user/login", { params: { phone, password: "wrong-123" } });

    t.clock.advance(29 * 86_400);
    expect(await pruneExpiredRecords(t)).toMatchObject({ smsOutbox: 0, phoneCodes: 0, loginAttempts: 0 });

    t.clock.advance(2 * 86_400);
    expect(await pruneExpiredRecords(t)).toMatchObject({ smsOutbox: 1, phoneCodes: 1, loginAttempts: 0 });

    t.clock.advance(400 * 86_400);
    expect(await pruneExpiredRecords(t)).toMatchObject({ loginAttempts: 1, sessions: 1 });
    expect((await call(t.app, "GET", "user/getUserInfo", { token })).body.code).toBe(303);
  });
});
