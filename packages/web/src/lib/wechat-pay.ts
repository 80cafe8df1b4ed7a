import type { PayStartView } from "@wjgj/core";

/**
 * Paying inside WeChat's browser (WeChat Pay JSAPI, issue #39): WeChat's own bridge shows the payment sheet for
 * the request the server signed. Outside WeChat, H5 sends the phone to WeChat Pay's page, which returns to
 * `redirect_url` when done.
 */
export type WeChatPayOutcome = "ok" | "cancel" | "fail";

type JsapiRequest = NonNullable<PayStartView["jsapi"]>;

interface Bridge {
  invoke(name: string, params: JsapiRequest, callback: (res: { err_msg?: string } | undefined) => void): void;
}

const bridgeOf = () => (window as unknown as { WeixinJSBridge?: Bridge }).WeixinJSBridge;

/** Shows WeChat's payment sheet; "ok" once the payer paid (the notification then settles the order). */
export function invokeWeChatPay(request: JsapiRequest): Promise<WeChatPayOutcome> {
  return new Promise((resolve) => {
    const run = () => {
      const bridge = bridgeOf();
      if (!bridge) {
        resolve("fail");
        return;
      }
      bridge.invoke("getBrandWCPayRequest", request, (res) => {
        const message = res?.err_msg ?? "";
        resolve(message.endsWith(":ok") ? "ok" : message.endsWith(":cancel") ? "cancel" : "fail");
      });
    };
    if (bridgeOf()) run();
    else {
      // WeChat injects the bridge shortly after the page loads.
      document.addEventListener("WeixinJSBridgeReady", run, { once: true });
      setTimeout(() => {
        if (!bridgeOf()) resolve("fail");
      }, 5_000);
    }
  });
}

/** The query parameters of a payment coming back (resume-payment.tsx reads them). */
export const RETURN_PARAMS = ["resumePay", "payReturn", "via"] as const;

/** This page's address with `param` set to the order (and the provider paying it): where a payment returns. */
export function returnPathWith(param: "resumePay" | "payReturn", orderNo: string, provider?: string): string {
  const back = new URL(window.location.href);
  // What chose the purchase (the wallet page's ?buy=&period=) is done with: the order carries it now.
  for (const done of [...RETURN_PARAMS, "buy", "period"]) back.searchParams.delete(done);
  back.searchParams.set(param, orderNo);
  if (provider) back.searchParams.set("via", provider);
  return `${back.pathname}${back.search}`;
}

/** The 公众号's silent authorisation, coming back here to pay the order again (now with the buyer's openid). */
export function payAuthorizeHref(orderNo: string, provider: string): string {
  return `/wjgj/api/wechat/payAuthorize?returnTo=${encodeURIComponent(returnPathWith("resumePay", orderNo, provider))}`;
}

/** WeChat Pay's H5 page, told to come back here to wait for the result. */
export function h5PayHref(h5Url: string, orderNo: string): string {
  const back = `${window.location.origin}${returnPathWith("payReturn", orderNo)}`;
  return `${h5Url}${h5Url.includes("?") ? "&" : "?"}redirect_url=${encodeURIComponent(back)}`;
}
