import crypto from "node:crypto";
import type {
  FormOrderPayStart,
  OrderView,
  PayStartView,
  ReceiptFormOrder,
  SubmitReply,
  UserInfo,
} from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAnswering, publishNew } from "../../test/answering.ts";
import { type BuiltUser, buildUser, insertVipSet } from "../../test/factories.ts";
import { FakeWeChat, fakeOpenid } from "../../test/fake-wechat.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import {
  type FakeProvider,
  rsaPair,
  startFakeWechatPay,
  wechatNotification,
} from "../../test/payment-fakes.ts";

/**
 * Paying inside WeChat (issue #39): WeChat Pay JSAPI for the buyer's 公众号 openid (obtained by the silent
 * authorisation first), H5 on a phone's browser outside WeChat, Native on a computer — one order, the same
 * notification handling, idempotency and ledger entries.
 */
const merchant = rsaPair();
const platform = rsaPair();
const apiV3Key = "0123456789abcdef0123456789ABCDEF";
const OA = { appId: "wxjsapipay0000001", appSecret: "jsapi-oa-secret-0123456789" };
const WEB = { appId: "wxjsapiweb0000001", appSecret: "jsapi-web-secret-0123456789" };
const MCH = "1900000109";

const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN";
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0";

const wechat = new FakeWeChat({ officialAccount: OA, website: WEB });
const logs: string[] = [];
let pay: FakeProvider;
let t: TestContext;
let buyer: BuiltUser;

function payEnv(appId: string, wechatBase: string): Record<string, string> {
  return {
    WECHATPAY_MCH_ID: MCH,
    WECHATPAY_APP_ID: appId,
    WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, "\\n"),
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_APIV3_KEY: apiV3Key,
    WECHATPAY_NOTIFY_URL: "https://wjgj.example.com/wjgj/api/pay/notify/wechat",
    WECHATPAY_BASE_URL: pay.url,
    WECHAT_API_BASE: wechatBase,
    WECHAT_OPEN_BASE: wechatBase,
    WECHAT_OA_APPID: OA.appId,
    WECHAT_OA_SECRET: OA.appSecret,
  };
}

beforeAll(async () => {
  const wechatBase = await wechat.start();
  pay = await startFakeWechatPay(merchant.publicKey);
  t = await createTestContext({ ...payEnv(OA.appId, wechatBase), LOG_LEVEL: "info" }, undefined, {
    write: (line) => void logs.push(line),
  });
  await insertVipSet(t, 2, { name: "铂金会员", priceMonthFen: 19_900, priceYearFen: 199_000 });
  buyer = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
  await pay?.close();
  await wechat.close();
});

const newVipOrder = async (who: BuiltUser = buyer) =>
  (
    await call<OrderView>(t.app, "POST", "pay/createOrder", {
      token: who.token,
      params: { kind: "vip", vipLevel: 2, period: "month" },
    })
  ).body.data;

const payOrder = (orderNo: string, headers: Record<string, string>, app = t.app, who = buyer) =>
  call<PayStartView>(app, "POST", "pay/payOrder", {
    token: who.token,
    params: { orderNo, provider: "wechat" },
    headers,
  });

const cookieOf = (setCookie: string | string[] | undefined, name: string) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((c) => c.startsWith(`${name}=`));
  return line ? (line.split(";")[0] ?? "") : "";
};

/** The browser's trip through the 公众号's silent authorisation; the cookies it holds afterwards. */
async function authorise(returnTo: string, user = "alice", otherBrowser = false) {
  const start = await t.app.inject({
    method: "GET",
    url: `/wjgj/api/wechat/payAuthorize?returnTo=${encodeURIComponent(returnTo)}`,
    headers: { "user-agent": WECHAT_UA, host: "wjgj.example.com" },
  });
  expect(start.statusCode).toBe(302);
  const nonce = cookieOf(start.headers["set-cookie"], "wjgj_wxb");
  expect(nonce).not.toBe("");
  const toWeChat = new URL(String(start.headers.location));
  expect(toWeChat.pathname).toBe("/connect/oauth2/authorize");
  expect(toWeChat.searchParams.get("scope")).toBe("snsapi_base");
  expect(toWeChat.searchParams.get("appid")).toBe(OA.appId);
  expect(toWeChat.searchParams.get("redirect_uri")).toBe(
    "http://wjgj.example.com/wjgj/api/wechat/payCallback",
  );
  toWeChat.searchParams.set("fake_user", user);
  const atWeChat = await fetch(toWeChat, { redirect: "manual" });
  expect(atWeChat.status).toBe(302);
  const back = new URL(String(atWeChat.headers.get("location")));
  const callback = await t.app.inject({
    method: "GET",
    url: `${back.pathname}${back.search}`,
    // A link carrying this browser's state, opened in another browser (with a nonce of its own).
    headers: {
      cookie: otherBrowser ? "wjgj_wxb=AnotherBrowsersNonce0123456789" : nonce,
      "user-agent": WECHAT_UA,
    },
  });
  return { callback, nonce, callbackUrl: `${back.pathname}${back.search}` };
}

function transaction(order: OrderView, changes: Record<string, unknown> = {}) {
  return {
    mchid: MCH,
    appid: OA.appId,
    out_trade_no: order.orderNo,
    transaction_id: `4200000${order.orderNo.slice(-10)}`,
    trade_type: "JSAPI",
    trade_state: "SUCCESS",
    payer: { openid: fakeOpenid(OA.appId, "alice") },
    amount: { total: order.amountFen, payer_total: order.amountFen, currency: "CNY" },
    ...changes,
  };
}

const notify = (n: { headers: Record<string, string>; body: string }) =>
  t.app.inject({ method: "POST", url: "/wjgj/api/pay/notify/wechat", headers: n.headers, payload: n.body });

describe("WeChat Pay inside WeChat (JSAPI)", () => {
  it("sends a browser without the buyer's openid through the 公众号's authorisation first", async () => {
    const order = await newVipOrder();
    const calls = pay.calls.length;
    const res = await payOrder(order.orderNo, { "user-agent": WECHAT_UA });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data).toMatchObject({ wechatAuthorize: true, codeUrl: "" });
    expect(res.body.data.jsapi).toBeUndefined();
    expect(pay.calls.length).toBe(calls);
  });

  it("completes a membership purchase: authorise, JSAPI prepay, paySign, signed notification; a replay changes nothing", async () => {
    const order = await newVipOrder();
    const returnTo = `/dc/personalCenter?type=2&resumePay=${order.orderNo}`;
    const { callback, nonce, callbackUrl } = await authorise(returnTo);
    const code = new URL(callbackUrl, "http://x").searchParams.get("code") ?? "";
    expect(code).not.toBe("");
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(returnTo);
    const identity = cookieOf(callback.headers["set-cookie"], "wjgj_wxid");
    expect(identity).toMatch(/^wjgj_wxid=[A-Za-z0-9_-]{20,}$/);
    // The cookie is sealed: the openid is nowhere in it.
    const openid = fakeOpenid(OA.appId, "alice");
    expect(identity).not.toContain(openid);

    const started = await payOrder(order.orderNo, {
      "user-agent": WECHAT_UA,
      cookie: `${nonce}; ${identity}`,
    });
    expect(started.body.code, started.body.msg).toBe(200);
    const jsapi = started.body.data.jsapi;
    expect(jsapi).toBeDefined();
    if (!jsapi) return;
    expect(started.body.data.codeUrl).toBe("");
    expect(pay.calls.at(-1)).toMatchObject({
      path: "/v3/pay/transactions/jsapi",
      body: {
        appid: OA.appId,
        mchid: MCH,
        out_trade_no: order.orderNo,
        payer: { openid },
        amount: { total: 19_900, currency: "CNY" },
      },
    });
    expect(jsapi).toMatchObject({
      appId: OA.appId,
      timeStamp: String(Math.floor(t.clock.now().getTime() / 1000)),
      package: `prepay_id=wx${order.orderNo}prepay`,
      signType: "RSA",
    });
    expect(jsapi.nonceStr).toMatch(/^[0-9a-f]{32}$/);
    // What WeChat checks before it shows the payment sheet: the merchant's signature over the four lines.
    const signed = `${jsapi.appId}\n${jsapi.timeStamp}\n${jsapi.nonceStr}\n${jsapi.package}\n`;
    expect(
      crypto.verify(
        "RSA-SHA256",
        Buffer.from(signed),
        merchant.publicKey,
        Buffer.from(jsapi.paySign, "base64"),
      ),
    ).toBe(true);
    expect(
      crypto.verify(
        "RSA-SHA256",
        Buffer.from(signed.replace("prepay_id", "prepay_ix")),
        merchant.publicKey,
        Buffer.from(jsapi.paySign, "base64"),
      ),
    ).toBe(false);
    // The page never sees the openid.
    expect(JSON.stringify(started.body)).not.toContain(openid);

    const note = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction(order),
      t.clock.now(),
    );
    expect((await notify(note)).statusCode).toBe(204);
    const info = async () =>
      (await call<UserInfo>(t.app, "GET", "user/getUserInfo", { token: buyer.token })).body.data;
    const after = await info();
    expect(after.vipLevel).toBe(2);
    const transfers = () =>
      t.db.selectFrom("ledger_transfers").selectAll().where("reference", "=", order.orderNo).execute();
    expect(await transfers()).toMatchObject([{ amount: 19_900, kind: "vip" }]);
    const paid = await call<OrderView>(t.app, "GET", "pay/getOrder", {
      token: buyer.token,
      params: { orderNo: order.orderNo },
    });
    expect(paid.body.data).toMatchObject({ status: "paid", provider: "wechat" });

    // The same notification again, and under a new id: nothing more is delivered.
    expect((await notify(note)).statusCode).toBe(204);
    const again = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      transaction(order),
      t.clock.now(),
    );
    expect((await notify(again)).statusCode).toBe(204);
    expect(await transfers()).toHaveLength(1);
    expect((await info()).vipStopTime).toBe(after.vipStopTime);
    // A paid order cannot be paid again.
    const twice = await payOrder(order.orderNo, { "user-agent": WECHAT_UA, cookie: identity });
    expect(twice.body.code).toBe(409);

    const logged = logs.join("\n");
    expect(logged).toContain("/wjgj/api/wechat/payCallback");
    for (const secret of [openid, code, identity.slice("wjgj_wxid=".length), jsapi.paySign])
      expect(logged).not.toContain(secret);
    expect(logged).not.toContain(OA.appSecret);
  });

  it("pays a 商品 order from the receipt inside WeChat: authorise, JSAPI, and the notification counts the response (#41)", async () => {
    const owner = await buildUser(t);
    const q = await publishNew(t, owner, {
      kind: "form",
      title: "社团周边",
      definition: {
        schemaVersion: 1,
        kind: "form",
        title: "社团周边",
        pages: [
          {
            id: "p1",
            questions: [
              {
                id: "shop",
                type: "product",
                title: "选购",
                required: true,
                config: { items: [{ id: "tee", name: "文化衫", priceFen: 3500, stock: 10 }] },
              },
            ],
          },
        ],
      },
    });
    const open = await openAnswering(t, q.publicId);
    const submitted = await call<SubmitReply>(t.app, "POST", "anQuestion/questionAnswer", {
      json: {
        publicId: q.publicId,
        revisionId: open.revisionId,
        answerToken: open.answerToken,
        answers: { shop: { lines: [{ itemId: "tee", quantity: 1 }] } },
        idempotencyKey: `wx-shop-${q.publicId}`,
        deviceId: `wx-shop-device-${q.publicId}`,
      },
      headers: { "user-agent": WECHAT_UA },
    });
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    const token = submitted.body.data.receiptToken as string;
    const orderNo = submitted.body.data.order?.orderNo as string;
    const payFormOrder = (headers: Record<string, string>) =>
      call<FormOrderPayStart>(t.app, "POST", "anQuestion/payFormOrder", {
        json: { token, provider: "wechat" },
        headers,
      });

    const calls = pay.calls.length;
    const first = await payFormOrder({ "user-agent": WECHAT_UA });
    expect(first.body.data).toMatchObject({ wechatAuthorize: true, codeUrl: "" });
    expect(pay.calls.length).toBe(calls);

    const returnTo = `/receipt/${token}`;
    const { callback, nonce } = await authorise(returnTo, "bob");
    expect(callback.headers.location).toBe(returnTo);
    const identity = cookieOf(callback.headers["set-cookie"], "wjgj_wxid");
    const started = await payFormOrder({ "user-agent": WECHAT_UA, cookie: `${nonce}; ${identity}` });
    expect(started.body.code, started.body.msg).toBe(200);
    expect(started.body.data.jsapi?.package).toBe(`prepay_id=wx${orderNo}prepay`);
    const openid = fakeOpenid(OA.appId, "bob");
    expect(pay.calls.at(-1)).toMatchObject({
      path: "/v3/pay/transactions/jsapi",
      body: { out_trade_no: orderNo, payer: { openid }, amount: { total: 3500, currency: "CNY" } },
    });
    const note = wechatNotification(
      { platformPrivateKey: platform.privateKey, apiV3Key },
      {
        mchid: MCH,
        appid: OA.appId,
        out_trade_no: orderNo,
        transaction_id: `4200000${orderNo.slice(-10)}`,
        trade_type: "JSAPI",
        trade_state: "SUCCESS",
        payer: { openid },
        amount: { total: 3500, payer_total: 3500, currency: "CNY" },
      },
      t.clock.now(),
    );
    expect((await notify(note)).statusCode).toBe(204);
    const response = await t.db
      .selectFrom("responses")
      .select("status")
      .where("id", "=", submitted.body.data.responseId as number)
      .executeTakeFirstOrThrow();
    expect(response.status).toBe("valid");
    const order = await call<ReceiptFormOrder>(t.app, "GET", "anQuestion/formOrder", { params: { token } });
    expect(order.body.data).toMatchObject({ status: "paid", payable: false });
  });

  it("refuses a replayed or foreign authorisation callback and sets no identity", async () => {
    const { callback, nonce, callbackUrl } = await authorise("/dc/personalCenter?type=2", "bob");
    expect(callback.statusCode).toBe(302);
    const replay = await t.app.inject({ method: "GET", url: callbackUrl, headers: { cookie: nonce } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe("/dc/personalCenter?type=3");
    expect(cookieOf(replay.headers["set-cookie"], "wjgj_wxid")).toBe("");
    const foreign = await authorise("/dc/personalCenter?type=2", "carol", true);
    expect(foreign.callback.headers.location).toBe("/dc/personalCenter?type=3");
    expect(cookieOf(foreign.callback.headers["set-cookie"], "wjgj_wxid")).toBe("");
  });

  it("keeps an authorisation's return inside the site", async () => {
    const { callback } = await authorise("https://evil.example/steal");
    expect(callback.headers.location).toBe("/dc/personalCenter?type=3");
  });
});

describe("WeChat Pay outside WeChat", () => {
  it("a phone's browser gets WeChat's H5 page, with the payer's address in the scene", async () => {
    const order = await newVipOrder();
    const res = await payOrder(order.orderNo, { "user-agent": PHONE_UA });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.h5Url).toMatch(/^https:\/\/wx\.tenpay\.com\//);
    expect(res.body.data.codeUrl).toBe("");
    expect(pay.calls.at(-1)).toMatchObject({
      path: "/v3/pay/transactions/h5",
      body: {
        out_trade_no: order.orderNo,
        scene_info: { payer_client_ip: "10.0.0.1", h5_info: { type: "Wap" } },
      },
    });
  });

  it("a computer gets the Native QR code as before", async () => {
    const order = await newVipOrder();
    const res = await payOrder(order.orderNo, { "user-agent": DESKTOP_UA });
    expect(res.body.data.codeUrl).toBe(`weixin://wxpay/bizpayurl?pr=${order.orderNo}`);
    expect(pay.calls.at(-1)?.path).toBe("/v3/pay/transactions/native");
  });

  it("inside WeChat, a merchant account bound to another app pays by QR code (JSAPI needs the 公众号's)", async () => {
    const other = await createTestContext(payEnv("wxsomeotherapp001", wechat.url));
    try {
      await insertVipSet(other, 2, { name: "铂金会员", priceMonthFen: 19_900, priceYearFen: 199_000 });
      const who = await buildUser(other);
      const order = (
        await call<OrderView>(other.app, "POST", "pay/createOrder", {
          token: who.token,
          params: { kind: "vip", vipLevel: 2, period: "month" },
        })
      ).body.data;
      const res = await payOrder(order.orderNo, { "user-agent": WECHAT_UA }, other.app, who);
      expect(res.body.data.wechatAuthorize).toBeUndefined();
      expect(res.body.data.codeUrl).toBe(`weixin://wxpay/bizpayurl?pr=${order.orderNo}`);
    } finally {
      await other.close();
    }
  });
});
