import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { loadConfig } from "../config.ts";
import { DEMO_PASSWORD, ensureAdmin, seedDemoAccounts } from "./accounts.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const login = (phone: string, password: string) =>
  call(t.app, "POST", "user/login", { params: { phone, password } });

describe("first-start accounts", () => {
  it("generates an admin password once and reports it", async () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir });
    const first = await ensureAdmin(t.db, t.clock, config);
    expect(first?.phone).toBe("13800000000");
    expect(first?.password).toMatch(/^[A-Za-z]{8}\d{4}$/);
    expect((await login("13800000000", first?.password ?? "")).body).toMatchObject({
      code: 200,
      data: { userInfo: { role: "admin" } },
    });
    expect(await ensureAdmin(t.db, t.clock, config)).toBeNull();
  });

  it("takes ADMIN_PHONE and ADMIN_PASSWORD as the source of truth", async () => {
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      ADMIN_PHONE: "13700000009",
      ADMIN_PASSWORD: "Admin12345",
    });
    await ensureAdmin(t.db, t.clock, config);
    expect((await login("13700000009", "Admin12345")).body.code).toBe(200);
    const changed = loadConfig({
      DATA_DIR: t.config.dataDir,
      ADMIN_PHONE: "13700000009",
      ADMIN_PASSWORD: "Changed123",
    });
    await ensureAdmin(t.db, t.clock, changed);
    expect((await login("13700000009", "Changed123")).body.code).toBe(200);
  });

  it("seeds the demo accounts on an empty database only", async () => {
    const created = await seedDemoAccounts(t.db, t.clock, true, t.config.passwordHashCost);
    expect(created.map((c) => c.phone)).toEqual(["13900000001", "13900000002"]);
    const vip = await login("13900000002", DEMO_PASSWORD);
    expect(vip.body).toMatchObject({ code: 200, data: { userInfo: { vipLevel: 2 } } });
    expect((vip.body.data as { userInfo: { vipStopTime: string } }).userInfo.vipStopTime).toMatch(/^2027-/);
    await t.db.deleteFrom("users").where("phone", "=", "13900000001").execute();
    const later = await seedDemoAccounts(t.db, t.clock, false, t.config.passwordHashCost);
    expect(later.map((c) => c.phone)).toEqual(["13900000002"]);
  });
});
