import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, tableCounts } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { apiRoutesOf } from "../../http/route.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

const crud = ["news", "hd", "label", "helpCategory", "helpArticle", "banner", "menu", "vipSet"].flatMap(
  (entity) => ["list", "save", "delete"].map((action) => `admin/${entity}/${action}`),
);

const adminPaths = [
  "admin/user/getUserList",
  "admin/user/update",
  "admin/user/resetPassword",
  "admin/user/getSessionList",
  "admin/sms/getOutboxList",
  ...crud,
  "admin/friendLink/list",
  "admin/friendLink/review",
  "admin/lead/list",
  "admin/lead/handle",
  "admin/settings/get",
  "admin/settings/save",
  "admin/audit/list",
  "admin/questionnaire/list",
  "admin/questionnaire/takeDown",
  "admin/questionnaire/restore",
  "admin/template/list",
  "admin/template/review",
  "admin/template/feature",
  "admin/template/update",
  "admin/template/takeDown",
  "admin/template/delete",
  "admin/profession/list",
  "admin/profession/save",
  "admin/profession/delete",
  "admin/order/list",
  "admin/order/confirmTransfer",
  "admin/order/refund",
  "admin/order/grantLevel",
  "admin/order/getBankInfo",
  "admin/order/saveBankInfo",
  "admin/withdrawal/list",
  "admin/withdrawal/approve",
  "admin/withdrawal/reject",
  "admin/invoice/list",
  "admin/invoice/issue",
  "admin/space/takeDown",
  "admin/space/list",
  "admin/space/getRules",
  "admin/space/saveRules",
  "admin/sampleOrder/list",
  "admin/sampleOrder/progress",
  "admin/sampleOrder/cancel",
  "admin/sampleOrder/getRates",
  "admin/sampleOrder/saveRates",
  "admin/security/getEncryption",
  "admin/security/getWeChat",
  "admin/security/rotateDataKeys",
];

describe("every admin call", () => {
  it("is declared, and only under admin/", () => {
    const declared = apiRoutesOf(t.app)
      .filter((route) => route.path.startsWith("admin/"))
      .map((route) => route.path);
    expect(declared.sort()).toEqual([...adminPaths].sort());
  });

  it("answers 303 to anonymous callers and 403 to users, writing nothing", async () => {
    const { token } = await buildUser(t);
    const before = await tableCounts(t);
    for (const route of apiRoutesOf(t.app).filter((r) => r.path.startsWith("admin/"))) {
      // Valid-looking input, so that only the policy can be what refuses.
      const payload = {
        id: 1,
        userId: 1,
        title: "x",
        name: "x",
        status: "published",
        content: "<p>x</p>",
        reason: "x",
      };
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method,
          url: `/wjgj/api/${route.path}`,
          headers,
          ...(route.method === "POST" ? { payload } : { query: { id: "1", userId: "1" } }),
        });
      const anonymous = await inject({});
      expect(anonymous.json(), `${route.path} anonymous`).toEqual({
        code: 303,
        msg: "登录失效，请重新登录",
        data: null,
      });
      const user = await inject({ token });
      expect(user.json(), `${route.path} user`).toEqual({
        code: 403,
        msg: "账号没有相关操作权限",
        data: null,
      });
    }
    expect(await tableCounts(t)).toEqual(before);
  });
});
