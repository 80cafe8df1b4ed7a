import type { WeChatIntegrationStatus } from "@wjgj/core";
import type { Config } from "../../config.ts";

/** What 站点设置 · 微信接入 shows: ids only, never a secret, a key or a token. */
export function wechatIntegrationStatus(config: Config): WeChatIntegrationStatus {
  const { wechat, miniProgram, wechatPay } = config;
  const oaAppId = wechat.officialAccount?.appId ?? null;
  return {
    officialAccount: oaAppId ? { appId: oaAppId } : null,
    website: wechat.website ? { appId: wechat.website.appId } : null,
    miniProgram: miniProgram ? { appId: miniProgram.appId, envVersion: miniProgram.envVersion } : null,
    pay: wechatPay
      ? { mchId: wechatPay.mchId, appId: wechatPay.appId, jsapi: wechatPay.appId === oaAppId }
      : null,
    redPacketPayout: config.redPacketPayout,
    siteHost: config.siteUrl ? new URL(config.siteUrl).host : "",
  };
}
