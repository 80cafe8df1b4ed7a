/**
 * Whether a User-Agent is WeChat's built-in browser (微信内置浏览器; WeChat Work's too). A module of its own: the
 * respondent page imports it, and must not pull the WeChat message catalogue into its first download.
 */
export function isWeChatBrowser(userAgent: string | undefined | null): boolean {
  return /MicroMessenger/i.test(userAgent ?? "");
}
