/** Messages of signing in with WeChat, WeChat respondents, share cards and in-WeChat payments (issue #39). */
export const wechatMessages = {
  wechatNotConfigured: "本站尚未开通微信登录",
  wechatStateInvalid: "微信授权已失效或不是在本浏览器发起的，请重新扫码",
  wechatAuthFailed: "微信授权失败，请稍后重试",
  // Signing in with WeChat (/Loginone, 个人中心 · 微信绑定)
  wechatLoginUnavailable: "当前环境不支持该微信登录方式，请换用手机号登录",
  wechatPurposeInvalid: "微信授权用途无效",
  wechatReturnToInvalid: "登录后要返回的页面地址无效",
  wechatCancelled: "你已取消微信授权，可重新扫码或换用手机号登录",
  wechatTicketInvalid: "微信登录已失效，请重新扫码",
  wechatTicketMissing: "缺少微信登录凭据，请重新扫码",
  wechatBoundToOther: "该微信已绑定其他账号，请先登录那个账号并在个人中心解绑",
  wechatAccountHasOther: "该账号已绑定其他微信，请先在个人中心解除绑定",
  wechatBindLoginRequired: "请先登录后再绑定微信",
  wechatBound: "微信绑定成功",
  wechatUnbound: "已解除微信绑定",
  // Share cards (JS-SDK)
  wechatJsSdkNotConfigured: "本站尚未开通微信公众号，暂不能设置微信分享卡片",
  wechatJsSdkUrlInvalid: "只能为本站的页面获取微信分享配置",
  wechatJsSdkFailed: "微信分享配置获取失败，请稍后重试",
  // Respondents as WeChat users
  answerWechatOnly: "该问卷仅限在微信中作答，请用微信扫码或在微信中打开链接",
  answerWechatRequired: "需要先通过微信授权才能提交，请在微信中重新打开问卷链接",
  answerWechatLimit: "该微信号已提交过答卷，不能重复提交",
  answerWechatDenied: "您未同意微信授权，无法作答本问卷。如需作答，请重新打开链接并允许授权",
} as const;

export { isWeChatBrowser } from "./wechat-browser.ts";

/** `wechat/options`: which WeChat features this site has configured (the page hides the others). */
export interface WeChatOptions {
  /** 微信扫码登录 on a computer (开放平台网站应用). */
  scanLogin: boolean;
  /** 微信一键登录 inside WeChat's browser (公众号网页授权). */
  inWeChatLogin: boolean;
  /** 仅限微信作答, 每个微信号限答, 记录微信昵称头像 in 问卷设置 (the 公众号's web authorisation). */
  respondents: boolean;
}

/** `wechat/binding`: the WeChat bound to the signed-in account (个人中心 · 微信绑定). */
export interface WeChatBindingStatus {
  bound: boolean;
  /** The WeChat nickname when WeChat gave one ("" otherwise). */
  nickname: string;
  /** yyyy-MM-dd HH:mm:ss (China time), or "" when not bound. */
  boundAt: string;
}

/** The error keys the sign-in callback may put in `?wxerror=` (anything else is not shown). */
export const WECHAT_LOGIN_ERROR_KEYS = [
  "wechatNotConfigured",
  "wechatStateInvalid",
  "wechatAuthFailed",
  "wechatCancelled",
  "wechatBoundToOther",
  "wechatAccountHasOther",
  "wechatTicketInvalid",
  "accountDisabled",
] as const;
export type WeChatLoginErrorKey = (typeof WECHAT_LOGIN_ERROR_KEYS)[number];
