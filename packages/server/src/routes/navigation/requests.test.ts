import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditRowsOf, buildAdmin, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

const requestLink = (name: string, url: string, ip = "10.1.1.1") =>
  call(t.app, "POST", "navigation/addNavigationLink", { params: { name, url, contact: "QQ 10001" }, ip });
const shownLinks = async () =>
  (await call<{ name: string; url: string }[]>(t.app, "GET", "navigation/getFriendLinkList")).body.data;

describe("friend links (友情链接)", () => {
  it("shows a requested link only after an admin approves it, and takes it down on reject", async () => {
    const admin = await buildAdmin(t);
    const sent = await requestLink("示例站", "https://example.com");
    expect(sent.body).toEqual({ code: 200, msg: "申请已提交，审核通过后将展示在友情链接中", data: null });
    expect(await shownLinks()).toEqual([]);

    const pending = await call<{ list: { id: number; status: string; ip: string }[] }>(
      t.app,
      "GET",
      "admin/friendLink/list",
      { token: admin.token, params: { status: "pending" } },
    );
    const [request] = pending.body.data.list;
    expect(request).toMatchObject({ status: "pending", ip: "10.1.1.1" });
    const review = (decision: string) =>
      call<{ status: string }>(t.app, "POST", "admin/friendLink/review", {
        token: admin.token,
        params: { id: request?.id ?? 0, decision },
      });

    expect((await review("approve")).body.data.status).toBe("approved");
    expect(await shownLinks()).toEqual([{ id: request?.id, name: "示例站", url: "https://example.com" }]);
    expect((await review("reject")).body.data.status).toBe("rejected");
    expect(await shownLinks()).toEqual([]);

    const audit = await auditRowsOf(t, "friendLink", request?.id ?? 0);
    expect(audit.map((row) => [row.action, row.adminId])).toEqual([
      ["review", admin.user.id],
      ["review", admin.user.id],
    ]);
    expect(audit[0]?.before).toMatchObject({ status: "pending" });
    expect(audit[0]?.after).toMatchObject({ status: "approved" });
  });

  it("refuses addresses that are not http(s), and a second request for the same site", async () => {
    for (const url of ["javascript:alert(1)", "ftp://example.com", "//example.com", "example.com"]) {
      expect((await requestLink("站", url)).body, url).toMatchObject({
        code: 400,
        msg: "网站地址需以 http:// 或 https:// 开头",
      });
    }
    await requestLink("示例站", "https://example.com");
    expect((await requestLink("示例站", "https://example.com", "10.9.9.9")).body).toMatchObject({
      code: 409,
      msg: "该网站已提交过申请，请勿重复提交",
    });
  });

  it("lets one IP send 5 requests an hour", async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await requestLink(`站${i}`, `https://s${i}.example.com`)).body.code).toBe(200);
    }
    const before = await tableCounts(t);
    expect((await requestLink("站5", "https://s5.example.com")).body).toEqual({
      code: 429,
      msg: "提交太频繁，请1小时后再试",
      data: null,
    });
    expect(await tableCounts(t)).toEqual(before);
    expect((await requestLink("别处", "https://other.example.com", "10.2.2.2")).body.code).toBe(200);
    t.clock.advance(3601);
    expect((await requestLink("站5", "https://s5.example.com")).body.code).toBe(200);
  });
});

describe("leads from the sample-service and contact forms", () => {
  const sendLead = (params: Record<string, string>, ip = "10.3.3.3") =>
    call(t.app, "POST", "navigation/addLead", { params, ip });

  it("stores a lead the admin sees and marks handled", async () => {
    const admin = await buildAdmin(t);
    const sent = await sendLead({
      kind: "service",
      name: "王经理",
      phone: "13912345678",
      company: "某某科技",
      email: "wang@example.com",
      content: "需要1000份华东地区的样本",
    });
    expect(sent.body).toEqual({ code: 200, msg: "提交成功，我们会尽快与您联系", data: null });
    await sendLead({ kind: "contact", name: "李女士", phone: "13912345679", email: "" });

    const services = await call<{ list: { id: number; name: string; status: string }[]; total: number }>(
      t.app,
      "GET",
      "admin/lead/list",
      { token: admin.token, params: { kind: "service" } },
    );
    expect(services.body.data.total).toBe(1);
    const [lead] = services.body.data.list;
    expect(lead).toMatchObject({ name: "王经理", status: "new", company: "某某科技" });

    const handled = await call<{ status: string; handledAt: string }>(t.app, "POST", "admin/lead/handle", {
      token: admin.token,
      params: { id: lead?.id ?? 0 },
    });
    expect(handled.body.data.status).toBe("handled");
    expect(handled.body.data.handledAt).not.toBe("");
    const open = await call<{ total: number }>(t.app, "GET", "admin/lead/list", {
      token: admin.token,
      params: { status: "new" },
    });
    expect(open.body.data.total).toBe(1);
    const [audit] = await auditRowsOf(t, "lead", lead?.id ?? 0);
    expect(audit).toMatchObject({
      action: "handle",
      before: { status: "new" },
      after: { status: "handled" },
    });
  });

  it("names what is wrong with a form, and limits each IP", async () => {
    const bad = await sendLead({ kind: "service", name: "", phone: "123", email: "not-an-email" });
    expect(bad.body.code).toBe(400);
    expect((bad.body.data as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: "name", message: "请填写姓名（不超过40个字符）" },
      { field: "phone", message: "请输入正确的11位手机号" },
      { field: "email", message: "请输入正确的邮箱地址" },
    ]);
    for (let i = 0; i < 5; i += 1) {
      expect((await sendLead({ kind: "contact", name: "访客", phone: "13912345678" })).body.code).toBe(200);
    }
    expect((await sendLead({ kind: "contact", name: "访客", phone: "13912345678" })).body.code).toBe(429);
  });
});
