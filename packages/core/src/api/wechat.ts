/** Messages of signing in with WeChat, WeChat respondents, share cards and in-WeChat payments (issue #39). */
export const wechatMessages = {
  wechatNotConfigured: "本站尚未开通微信登录",
  wechatStateInvalid: "微信授权已失效或不是在本浏览器发起的，请重新扫码",
  wechatAuthFailed: "微信授权失败，请稍后重试",
} as const;

/** Whether a User-Agent is WeChat's built-in browser (微信内置浏览器; WeChat Work's too). */
export function isWeChatBrowser(userAgent: string | undefined | null): boolean {
  return /MicroMessenger/i.test(userAgent ?? "");
}
