import { describe, expect, it } from "vitest";
import { rsaPair } from "../../../test/payment-fakes.ts";
import { loadConfig } from "../../config.ts";
import { wechatIntegrationStatus } from "./integration-status.ts";

const merchant = rsaPair();
const platform = rsaPair();
const secrets = {
  WECHAT_OA_SECRET: "oa-secret-never-shown-0123456789",
  WECHAT_OPEN_SECRET: "open-secret-never-shown-0123456",
  WECHAT_MP_SECRET: "mp-secret-never-shown-012345678",
  WECHATPAY_APIV3_KEY: "apiv3-key-never-shown-0123456789",
};

describe("站点设置 · 微信接入", () => {
  it("names what is configured by its ids and never shows a secret or a key", () => {
    const config = loadConfig({
      SITE_URL: "https://wj.example.com",
      WECHAT_OA_APPID: "wxofficial000001",
      WECHAT_OPEN_APPID: "wxwebsite0000001",
      WECHAT_MP_APPID: "wxmini0000000001",
      WECHATPAY_MCH_ID: "1900000109",
      WECHATPAY_APP_ID: "wxofficial000001",
      WECHATPAY_SERIAL_NO: "5157F09EFDC096DE15EBE81A47057A7232F1B8E1",
      WECHATPAY_PRIVATE_KEY: merchant.privateKey,
      WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
      WECHATPAY_NOTIFY_URL: "https://wj.example.com/wjgj/api/pay/notify/wechat",
      REDPACKET_PAYOUT: "wechat",
      ...secrets,
    });
    const status = wechatIntegrationStatus(config);
    expect(status).toEqual({
      officialAccount: { appId: "wxofficial000001" },
      website: { appId: "wxwebsite0000001" },
      miniProgram: { appId: "wxmini0000000001", envVersion: "release" },
      pay: { mchId: "1900000109", appId: "wxofficial000001", jsapi: true },
      redPacketPayout: "wechat",
      siteHost: "wj.example.com",
    });
    const shown = JSON.stringify(status);
    for (const secret of [...Object.values(secrets), merchant.privateKey, "PRIVATE KEY"])
      expect(shown).not.toContain(secret);
  });

  it("shows nothing as configured when the environment sets no WeChat variable", () => {
    expect(wechatIntegrationStatus(loadConfig({}))).toEqual({
      officialAccount: null,
      website: null,
      miniProgram: null,
      pay: null,
      redPacketPayout: "wallet",
      siteHost: "",
    });
  });
});
