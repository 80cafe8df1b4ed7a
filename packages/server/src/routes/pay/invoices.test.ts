import type { ConsumptionView, InvoiceView } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/export-fixtures.ts";
import { auditRowsOf, type BuiltUser, buildAdmin, buildUser, tableCounts } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { iso } from "../../clock.ts";

let t: TestContext;
let admin: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  admin = await buildAdmin(t);
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
/** An order of `who` in `status`, as paying it would leave it (paying is tested in pay.test.ts). */
async function orderOf(who: BuiltUser, status: "paid" | "pending" = "paid") {
  seq += 1;
  const now = iso(t.clock.now());
  const orderNo = `2026112700${String(who.user.id).padStart(6, "0")}${String(seq).padStart(4, "0")}`;
  await t.db
    .insertInto("orders")
    .values({
      orderNo,
      userId: who.user.id,
      itemKind: "recharge",
      itemName: "余额充值",
      vipLevel: null,
      vipDays: null,
      amountFen: 10_000,
      status,
      provider: status === "paid" ? "fake" : "",
      tradeNo: "",
      createdAt: now,
      paidAt: status === "paid" ? now : null,
      updatedAt: now,
    })
    .execute();
  return orderNo;
}

const invoiceParams = {
  title: "问卷管家测试有限公司",
  taxNo: "91110000MA01ABCD1X",
  email: "finance@example.com",
};
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

async function issue(id: number, data: Buffer, token = admin.token) {
  const body = multipart({ id: String(id) }, { name: "发票.pdf", data });
  const res = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/admin/invoice/issue",
    payload: body.payload,
    headers: { ...body.headers, token },
  });
  return res.json() as { code: number; msg: string };
}

const download = (who: BuiltUser, orderNo: string) =>
  t.app.inject({
    method: "GET",
    url: `/wjgj/api/pay/downloadInvoice?orderNo=${orderNo}`,
    headers: { token: who.token },
  });

const consumption = async (who: BuiltUser) =>
  (await call<{ list: ConsumptionView[] }>(t.app, "GET", "user/accountConsumption", { token: who.token }))
    .body.data.list;

describe("invoices", () => {
  it("a paid order asks once; the admin attaches the PDF; the owner downloads it from 消费明细", async () => {
    const user = await buildUser(t);
    const orderNo = await orderOf(user);
    const asked = await call<InvoiceView>(t.app, "POST", "pay/requestInvoice", {
      token: user.token,
      params: { orderNo, ...invoiceParams },
    });
    expect(asked.body).toMatchObject({
      code: 200,
      msg: "发票申请已提交，开具后可在消费明细中下载",
      data: { orderNo, status: "requested", title: invoiceParams.title },
    });
    expect((await consumption(user))[0]).toMatchObject({ orderNo, invoiceStatus: "requested" });
    const again = await call(t.app, "POST", "pay/requestInvoice", {
      token: user.token,
      params: { orderNo, ...invoiceParams },
    });
    expect(again.body).toMatchObject({ code: 409, msg: "该订单已申请过发票" });
    expect((await download(user, orderNo)).json()).toMatchObject({
      code: 409,
      msg: "发票尚未开具，请稍后再试",
    });

    const listed = await call<{ list: Array<InvoiceView & { phone: string }> }>(
      t.app,
      "GET",
      "admin/invoice/list",
      {
        token: admin.token,
        params: { status: "requested" },
      },
    );
    expect(listed.body.data.list).toContainEqual(
      expect.objectContaining({ orderNo, phone: user.user.phone }),
    );

    expect(await issue(asked.body.data.id, Buffer.from("not a pdf"))).toMatchObject({
      code: 400,
      msg: "请上传PDF格式的发票文件（不超过10MB）",
    });
    expect(await issue(asked.body.data.id, PDF)).toMatchObject({
      code: 200,
      msg: "已开具发票，用户可在消费明细中下载",
    });
    expect((await consumption(user))[0]).toMatchObject({ invoiceStatus: "issued" });
    expect((await auditRowsOf(t, "invoice", asked.body.data.id))[0]).toMatchObject({
      action: "issueInvoice",
      adminId: admin.user.id,
    });

    const file = await download(user, orderNo);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it("refuses unpaid and other people's orders, and never shows another account's invoice", async () => {
    const owner = await buildUser(t);
    const other = await buildUser(t);
    const pending = await orderOf(owner, "pending");
    expect(
      (
        await call(t.app, "POST", "pay/requestInvoice", {
          token: owner.token,
          params: { orderNo: pending, ...invoiceParams },
        })
      ).body,
    ).toMatchObject({ code: 409, msg: "只有已支付的订单可以申请发票" });
    expect(
      (
        await call(t.app, "POST", "pay/requestInvoice", {
          token: owner.token,
          params: { orderNo: pending, ...invoiceParams, taxNo: "abc" },
        })
      ).body,
    ).toMatchObject({ code: 400, msg: "纳税人识别号需为15-20位数字或大写字母，个人抬头可不填" });

    const paid = await orderOf(owner);
    const asked = await call<InvoiceView>(t.app, "POST", "pay/requestInvoice", {
      token: owner.token,
      params: { orderNo: paid, ...invoiceParams },
    });
    expect(await issue(asked.body.data.id, PDF)).toMatchObject({ code: 200 });

    const before = await tableCounts(t);
    // Another account: its order search, its request and its download all say "not found".
    expect(
      (
        await call(t.app, "POST", "pay/requestInvoice", {
          token: other.token,
          params: { orderNo: paid, ...invoiceParams },
        })
      ).body,
    ).toMatchObject({ code: 404, msg: "订单不存在" });
    expect((await download(other, paid)).json()).toMatchObject({ code: 404, msg: "发票不存在" });
    expect(await consumption(other)).toEqual([]);
    // Only admins list and issue.
    expect((await call(t.app, "GET", "admin/invoice/list", { token: owner.token })).body.code).toBe(403);
    expect(await issue(asked.body.data.id, PDF, owner.token)).toMatchObject({ code: 403 });
    expect(await tableCounts(t)).toEqual(before);
    expect((await download(owner, paid)).statusCode).toBe(200);
  });
});
