import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auditRowsOf, type BuiltUser, buildAdmin } from "../../../test/factories.ts";
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

const gold = {
  level: 1,
  name: "黄金会员",
  badge: "gold",
  priceMonthFen: 1500,
  priceYearFen: 9900,
  limits: { questionnaires: 50, crossAnalysis: false },
  description: "适合个人",
  status: "published",
};

const saveVip = (json: Record<string, unknown>) =>
  call<{ id: number }>(t.app, "POST", "admin/vipSet/save", { token: admin.token, json });
const publicList = async () =>
  (await call<Record<string, unknown>[]>(t.app, "GET", "vipSet/getVipSetList")).body.data;

describe("vipSet/getVipSetList", () => {
  it("shows the levels an admin published, sorted, with limits as an object", async () => {
    await saveVip({ ...gold, level: 3, name: "钻石会员", priceYearFen: 69900, sort: 3 });
    const saved = await saveVip({ ...gold, sort: 1 });
    await saveVip({ ...gold, level: 2, name: "铂金会员", status: "draft", sort: 2 });
    expect(saved.body.code).toBe(200);
    expect(await publicList()).toEqual([
      {
        id: saved.body.data.id,
        level: 1,
        name: "黄金会员",
        badge: "gold",
        priceMonthFen: 1500,
        priceYearFen: 9900,
        limits: { questionnaires: 50, crossAnalysis: false },
        description: "适合个人",
      },
      expect.objectContaining({ level: 3, name: "钻石会员", priceYearFen: 69900 }),
    ]);

    const update = await saveVip({ ...gold, id: saved.body.data.id, priceYearFen: 8800 });
    expect(update.body.code).toBe(200);
    expect((await publicList())[0]).toMatchObject({ priceYearFen: 8800 });
    const audit = await auditRowsOf(t, "vipSet", saved.body.data.id);
    expect(audit.map((row) => row.action)).toEqual(["create", "update"]);
    expect(audit[1]).toMatchObject({ before: { priceYearFen: 9900 }, after: { priceYearFen: 8800 } });
  });

  it("accepts a form post with limits as JSON text", async () => {
    const res = await call(t.app, "POST", "admin/vipSet/save", {
      token: admin.token,
      params: { ...gold, limits: JSON.stringify({ teamMembers: 3 }) },
    });
    expect(res.body.code).toBe(200);
    expect((await publicList())[0]).toMatchObject({ limits: { teamMembers: 3 } });
  });

  it("keeps levels unique and prices whole, non-negative fen", async () => {
    await saveVip(gold);
    expect((await saveVip({ ...gold, name: "另一个" })).body).toMatchObject({
      code: 409,
      msg: "该会员等级已存在",
    });
    for (const priceFen of [-1, 99.5, "9.9", 100_000_001]) {
      expect(
        (await saveVip({ ...gold, level: 2, priceMonthFen: priceFen })).body,
        String(priceFen),
      ).toMatchObject({
        code: 400,
        msg: "价格需为0到100000000之间的整数（单位：分）",
      });
    }
    for (const level of [-1, 4]) {
      expect((await saveVip({ ...gold, level })).body.msg).toBe("会员等级需为0（个人版）、1、2或3");
    }
    for (const limits of [[1, 2], "not json", { "bad key": 1 }, { a: { nested: 1 } }]) {
      expect((await saveVip({ ...gold, level: 2, limits })).body.code, JSON.stringify(limits)).toBe(400);
    }
    expect(await publicList()).toHaveLength(1);
  });
});
