import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../test/factories.ts";
import { createTestContext, type TestContext } from "../../test/helpers.ts";
import { rsaPair } from "../../test/payment-fakes.ts";
import { publishedWithRevision } from "../../test/rewards-fixtures.ts";

/**
 * A red packet paid to 零钱 needs the payee's openid (issue #39): inside WeChat, the answer page of a questionnaire
 * with an active red packet asks the 公众号 for it silently first; a questionnaire without one opens at once.
 */
const OA = { appId: "wxtestofficial0002", appSecret: "test-oa-secret-0123456789abcdef" };
const OPEN_BASE = "https://open.weixin.example";
const WECHAT_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
  "Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN";

let t: TestContext;
let owner: BuiltUser;

beforeAll(async () => {
  const merchant = rsaPair();
  const platform = rsaPair();
  t = await createTestContext({
    WECHAT_OPEN_BASE: OPEN_BASE,
    WECHAT_OA_APPID: OA.appId,
    WECHAT_OA_SECRET: OA.appSecret,
    WECHATPAY_MCH_ID: "1900000109",
    WECHATPAY_APP_ID: OA.appId,
    WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
    WECHATPAY_PRIVATE_KEY: merchant.privateKey,
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WECHATPAY_APIV3_KEY: "0123456789abcdef0123456789abcdef",
    WECHATPAY_NOTIFY_URL: "https://wj.example.com/wjgj/api/pay/notify/wechat",
    REDPACKET_PAYOUT: "wechat",
  });
  owner = await buildUser(t);
});
afterAll(async () => {
  await t?.close();
});

const open = (publicId: string) =>
  t.app.inject({ method: "GET", url: `/r/${publicId}`, headers: { "user-agent": WECHAT_UA } });

describe("红包发到微信零钱 · the answer page inside WeChat", () => {
  it("asks WeChat for the openid silently only where a red packet is active", async () => {
    const q = await publishedWithRevision(t, owner);
    expect((await open(q.publicId)).statusCode).toBe(200);

    const [packet] = await t.db
      .insertInto("red_packets")
      .values({
        questionnaireId: q.id,
        payerId: owner.user.id,
        kind: "fixed",
        totalFen: 300,
        count: 3,
        shares: "[100,100,100]",
        claimedCount: 0,
        review: 0,
        eligibility: "{}",
        holdId: `hold-test-${q.id}`,
        status: "active",
        createdAt: new Date().toISOString(),
        releasedAt: null,
      })
      .returning("id")
      .execute();
    const asked = await open(q.publicId);
    expect(asked.statusCode).toBe(302);
    const target = new URL(asked.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe(`${OPEN_BASE}/connect/oauth2/authorize`);
    expect(target.searchParams.get("appid")).toBe(OA.appId);
    expect(target.searchParams.get("scope")).toBe("snsapi_base");

    await t.db
      .updateTable("red_packets")
      .set({ status: "released" })
      .where("id", "=", packet?.id ?? 0)
      .execute();
    expect((await open(q.publicId)).statusCode).toBe(200);
  });
});
