import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("admin/user/getUserList", () => {
  it("answers 303 to anonymous callers and 403 to non-admins", async () => {
    const { token } = await buildUser(t);
    expect((await call(t.app, "GET", "admin/user/getUserList")).body.code).toBe(303);
    expect((await call(t.app, "GET", "admin/user/getUserList", { token })).body).toEqual({
      code: 403,
      msg: "账号没有相关操作权限",
      data: null,
    });
  });

  it("pages users newest first and filters by phone", async () => {
    const admin = await buildAdmin(t);
    const users = [];
    for (let i = 0; i < 12; i += 1) users.push(await buildUser(t, { vipLevel: i % 4 }));
    const page2 = await call<{ list: { phone: string }[]; total: number; pageNum: number; pageSize: number }>(
      t.app,
      "GET",
      "admin/user/getUserList",
      { token: admin.token, params: { pageNum: 2, pageSize: 5 } },
    );
    expect(page2.body.code).toBe(200);
    expect(page2.body.data.total).toBe(13);
    expect(page2.body.data.pageNum).toBe(2);
    expect(page2.body.data.list.map((u) => u.phone)).toEqual(
      users
        .slice()
        .reverse()
        .slice(5, 10)
        .map((u) => u.user.phone),
    );
    const target = users[3]?.user.phone ?? "";
    const filtered = await call<{ list: unknown[]; total: number }>(t.app, "GET", "admin/user/getUserList", {
      token: admin.token,
      params: { phone: target.slice(-6) },
    });
    expect(filtered.body.data.total).toBe(1);
    expect(filtered.body.data.list[0]).toMatchObject({
      phone: target,
      vipLevel: 3,
      role: "user",
      status: "active",
    });
  });
});

describe("admin/sms/getOutboxList", () => {
  it("shows sent messages to admins only", async () => {
    const admin = await buildAdmin(t);
    const { token } = await buildUser(t);
    await call(t.app, "POST", "user/sendCode", { params: { phone: "13912345678" } });
    expect((await call(t.app, "GET", "admin/sms/getOutboxList", { token })).body.code).toBe(403);
    const res = await call<{ list: { phone: string; content: string; code: string; provider: string }[] }>(
      t.app,
      "GET",
      "admin/sms/getOutboxList",
      { token: admin.token, params: { phone: "13912345678" } },
    );
    expect(res.body.code).toBe(200);
    const [message] = res.body.data.list;
    expect(message).toMatchObject({ phone: "13912345678", provider: "console", purpose: "login" });
    expect(message?.content).toContain(message?.code ?? "missing");
  });
});
