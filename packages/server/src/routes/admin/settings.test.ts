import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildAdmin } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let admin: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
});
afterEach(async () => {
  await t.close();
});

interface SettingsView {
  footer: Record<string, string>;
  logo: string;
  contact: Record<string, string>;
  www: { redirectEnabled: boolean; note: string };
  sms: { provider: string; accessKeyId: string; accessKeySecret: string; signName: string };
}

const save = (json: Record<string, unknown>) =>
  call<SettingsView>(t.app, "POST", "admin/settings/save", { token: admin.token, json });
const read = () => call<SettingsView>(t.app, "GET", "admin/settings/get", { token: admin.token });
const SECRET = "sk-live-0123456789abcdef";

describe("admin/settings/get and save", () => {
  it("never sends the SMS secret back, in any answer or audit row", async () => {
    const saved = await save({
      sms: { provider: "aliyun", accessKeyId: "LTAI-demo", accessKeySecret: SECRET },
    });
    expect(saved.body.data.sms).toEqual({
      provider: "aliyun",
      signName: "问卷管家",
      templateCode: "",
      accessKeyId: "LTAI-demo",
      accessKeySecret: "已设置",
    });
    const shown = await read();
    expect(shown.body.data.sms.accessKeySecret).toBe("已设置");
    const audit = await call(t.app, "GET", "admin/audit/list", { token: admin.token });
    for (const text of [JSON.stringify(saved.body), JSON.stringify(shown.body), JSON.stringify(audit.body)]) {
      expect(text).not.toContain(SECRET);
    }
    const stored = await t.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "sms")
      .executeTakeFirst();
    expect(JSON.parse(stored?.value ?? "{}").accessKeySecret).toBe(SECRET);
    const [row] = await t.db.selectFrom("audit_logs").selectAll().where("entity", "=", "settings").execute();
    expect(JSON.parse(row?.after ?? "{}")).toMatchObject({
      smsSecretChanged: true,
      sms: { accessKeySecret: "已设置" },
    });
  });

  it("keeps the secret when the form sends it empty or masked, and clears it only when asked", async () => {
    await save({ sms: { accessKeySecret: SECRET } });
    await save({ sms: { signName: "问卷管家科技", accessKeySecret: "" } });
    await save({ sms: { accessKeySecret: "已设置" } });
    const stored = async () =>
      JSON.parse(
        (await t.db.selectFrom("settings").select("value").where("key", "=", "sms").executeTakeFirst())
          ?.value ?? "{}",
      );
    expect(await stored()).toMatchObject({ signName: "问卷管家科技", accessKeySecret: SECRET });
    const cleared = await save({ sms: { clearAccessKeySecret: true } });
    expect(cleared.body.data.sms.accessKeySecret).toBe("");
    expect((await stored()).accessKeySecret).toBe("");
  });

  it("merges each section over what is stored, feeds the footer, and audits the changed sections", async () => {
    await save({
      footer: { siteIcp: "京ICP备12345678号" },
      contact: { phone: "010-12345678" },
      wwwNote: "请在负载均衡上配置",
    });
    await save({ footer: { years: "2012-2026" } });
    const footer = await call<Record<string, string>>(t.app, "GET", "navigation/getFooterInfo");
    expect(footer.body.data).toMatchObject({
      siteIcp: "京ICP备12345678号",
      years: "2012-2026",
      siteName: "问卷管家",
    });
    const shown = (await read()).body.data;
    expect(shown.contact.phone).toBe("010-12345678");
    expect(shown.www).toEqual({ redirectEnabled: false, note: "请在负载均衡上配置" });

    const rows = await t.db
      .selectFrom("audit_logs")
      .selectAll()
      .where("entity", "=", "settings")
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.entityId)).toEqual(["footer,contact,www", "footer"]);
    expect(JSON.parse(rows[1]?.before ?? "null")).toEqual({
      footer: expect.objectContaining({ years: "2012-2021" }),
    });
    expect(JSON.parse(rows[1]?.after ?? "null")).toEqual({
      footer: expect.objectContaining({ years: "2012-2026" }),
    });
  });

  it("refuses an empty save, unknown fields and unsafe logos", async () => {
    expect((await save({})).body).toMatchObject({ code: 400, msg: "请填写要保存的设置" });
    expect((await save({ footer: { siteName: "x", hacker: 1 } })).body.code).toBe(400);
    expect((await save({ logo: "javascript:alert(1)" })).body.code).toBe(400);
    expect((await save({ sms: { provider: "smtp" } })).body.code).toBe(400);
    const rows = await t.db.selectFrom("settings").selectAll().execute();
    expect(rows).toEqual([]);
  });

  it("accepts a section as JSON text from a form", async () => {
    const res = await call<SettingsView>(t.app, "POST", "admin/settings/save", {
      token: admin.token,
      params: { contact: JSON.stringify({ address: "杭州市西湖区" }) },
    });
    expect(res.body.data.contact.address).toBe("杭州市西湖区");
  });
});
