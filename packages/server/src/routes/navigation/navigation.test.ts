import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
beforeEach(async () => {
  t = await createTestContext();
});
afterEach(async () => {
  await t.close();
});

describe("navigation/getFooterInfo", () => {
  it("answers the seed's defaults to anyone", async () => {
    const res = await call(t.app, "GET", "navigation/getFooterInfo");
    expect(res.body).toEqual({
      code: 200,
      msg: "操作成功",
      data: {
        siteName: "问卷管家",
        siteUrl: "",
        siteIcp: "",
        siteMail: "service@wjgj.example.com",
        sitePhone: "400-000-0000",
        versionInfo: "OSS",
        versionNumber: "V5.0",
        versionBuilt: "20211128",
        years: "2012-2021",
      },
    });
  });

  it("merges stored settings over the defaults and survives a damaged value", async () => {
    await t.db
      .insertInto("settings")
      .values({ key: "footer", value: JSON.stringify({ siteIcp: "京ICP备00000000号" }), updatedAt: "x" })
      .execute();
    const res = await call<{ siteIcp: string; siteName: string }>(t.app, "GET", "navigation/getFooterInfo");
    expect(res.body.data).toMatchObject({ siteIcp: "京ICP备00000000号", siteName: "问卷管家" });
    await t.db.updateTable("settings").set({ value: "{broken" }).where("key", "=", "footer").execute();
    expect(
      (await call<{ siteIcp: string }>(t.app, "GET", "navigation/getFooterInfo")).body.data.siteIcp,
    ).toBe("");
  });
});
