import type { FormOrderChannel } from "@wjgj/core/api/form-orders-api";

// WeChat's payment sheet: the main app's few lines serve here too (a type import of core, nothing else).
export { invokeWeChatPay } from "../../../lib/wechat-pay.ts";

/**
 * How this browser pays: WeChat's in-page payment inside WeChat (its bridge is there), WeChat Pay's H5 page on
 * a phone's browser, else a QR code to scan. The local fake is always a code (its 模拟扫码支付 button).
 */
export function payChannel(provider: string): FormOrderChannel {
  if (provider === "fake") return "native";
  const agent = navigator.userAgent;
  if (/MicroMessenger/i.test(agent)) return "jsapi";
  if (/Android|iPhone|iPad|iPod|HarmonyOS|Mobile/i.test(agent)) return "h5";
  return "native";
}

/** WeChat Pay's H5 page, told to come back to the receipt (it shows the order and reads its state). */
export function h5Href(h5Url: string, token: string): string {
  const back = `${window.location.origin}/receipt/${encodeURIComponent(token)}`;
  return `${h5Url}${h5Url.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(back)}`;
}

/** What a QR code is scanned with, by provider. */
export function scanHint(provider: string): string {
  if (provider === "wechat") return "请使用微信扫码支付";
  if (provider === "alipay") return "请使用支付宝扫码支付";
  return "请使用微信/支付宝扫码支付";
}

/** 「2026-12-04 18:30:00」 → 「18:30」 */
export const clockOf = (chinaTime: string) => chinaTime.slice(11, 16);

/** Set before the page leaves for WeChat's authorisation, so a second refusal on return says why instead of looping. */
const AUTHORISING = "wjgj-pay-authorising";

/**
 * Inside WeChat before the server knows the payer's openid: the 公众号's silent authorisation, back to the
 * receipt (where the order is paid again). False when this browser has just been through it in vain.
 */
export function authoriseWeChatPay(token: string): boolean {
  let seen = false;
  try {
    seen = sessionStorage.getItem(AUTHORISING) === token;
    if (seen) sessionStorage.removeItem(AUTHORISING);
    else sessionStorage.setItem(AUTHORISING, token);
  } catch {
    // Storage off: the page still goes through the authorisation once per click.
  }
  if (seen) return false;
  const returnTo = `/receipt/${encodeURIComponent(token)}`;
  window.location.assign(`/wjgj/api/wechat/payAuthorize?returnTo=${encodeURIComponent(returnTo)}`);
  return true;
}
