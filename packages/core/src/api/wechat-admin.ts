/**
 * 站点设置 · 微信接入 (`admin/security/getWeChat`): which WeChat applications the environment configures. App ids
 * and the merchant number only: secrets are set in the environment and never leave the server.
 */
export interface WeChatIntegrationStatus {
  /** 公众号: web authorisation inside WeChat, share cards, JSAPI payments. */
  officialAccount: { appId: string } | null;
  /** 开放平台网站应用: 微信扫码登录. */
  website: { appId: string } | null;
  /** 小程序: the mini-program link of the share dialog. */
  miniProgram: { appId: string; envVersion: string } | null;
  /** 微信支付; `jsapi` when its AppID is the 公众号's (a JSAPI payment needs the payer's openid under it). */
  pay: { mchId: string; appId: string; jsapi: boolean } | null;
  /** How red packets are paid: wallet (账户余额) or wechat (微信零钱). */
  redPacketPayout: "wallet" | "wechat";
  /** The host to enter as 网页授权域名 and JS接口安全域名 in the 公众号 (SITE_URL's), or "" when SITE_URL is not set. */
  siteHost: string;
}
