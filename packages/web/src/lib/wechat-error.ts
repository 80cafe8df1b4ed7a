import { messages, WECHAT_LOGIN_ERROR_KEYS, type WeChatLoginErrorKey } from "@wjgj/core";

/** The Chinese message of a `wxerror` key WeChat's sign-in callback may send; anything else is not shown. */
export function wechatErrorMessage(key: string | null): string | null {
  if (!key || !(WECHAT_LOGIN_ERROR_KEYS as readonly string[]).includes(key)) return null;
  return messages[key as WeChatLoginErrorKey];
}
