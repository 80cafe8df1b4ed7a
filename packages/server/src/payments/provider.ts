/** What a provider's verified notification says about one order. */
export interface PaymentNotice {
  /** The provider's id of this notification; a replay carries the same one. */
  notifyId: string;
  orderNo: string;
  tradeNo: string;
  amountFen: number;
}

/**
 * Where the payer is, which decides how a provider is paid: a QR code shown on a computer and scanned with the
 * phone (native); inside WeChat's own browser, WeChat's in-page payment for the payer's 公众号 openid (jsapi);
 * a phone's browser elsewhere, the provider's own page that opens the app (h5). A provider without the
 * channel answers as for native.
 */
export type PayChannel =
  | { kind: "native" }
  | { kind: "jsapi"; openid: string }
  | { kind: "h5"; clientIp: string };

/** What `WeixinJSBridge.invoke("getBrandWCPayRequest", …)` takes, signed by the merchant. */
export interface JsapiPayRequest {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: "RSA";
  paySign: string;
}

export interface PaymentStart {
  /** A QR code's content (native); "" for the other channels. */
  codeUrl: string;
  jsapi?: JsapiPayRequest;
  /** The provider's page a phone's browser is sent to (h5). */
  h5Url?: string;
}

export interface ProviderAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One outside payment service (conventions: an interface, a real adapter, a local fake). WeChat Pay and
 * Alipay join here with the same three duties; the wallet is not a provider but a ledger transfer.
 */
export interface PaymentProvider {
  name: string;
  /** Shown to the payer. */
  label: string;
  /** Starts paying an order on `channel` (native when absent): what the browser shows or calls. */
  createPayment(
    order: {
      orderNo: string;
      amountFen: number;
      itemName: string;
    },
    channel?: PayChannel,
  ): Promise<PaymentStart>;
  /** The channels besides native it can pay on (WeChat Pay: jsapi and h5). */
  channels?: readonly PayChannel["kind"][];
  /** The notice when the raw notification's signature holds and it is fresh; null otherwise. */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    rawBody: string,
    now: Date,
  ): PaymentNotice | null;
  /** The answer the provider expects, after handling (ok) or refusing a notification. */
  answer(ok: boolean): ProviderAnswer;
  /**
   * Closes the provider's side of an unpaid order so it can no longer be paid: "closed" (also when the payer
   * never opened it there), "paid" when the payer paid first (its notification settles the order).
   */
  close?(orderNo: string): Promise<"closed" | "paid">;
  /** Gives a paid order's amount, or part of it, back to the payer; absent when the provider cannot. */
  refund?(request: RefundRequest): Promise<void>;
}

export interface RefundRequest {
  orderNo: string;
  /** Ours, unique per refund: a retried refund is the same refund. */
  refundNo: string;
  tradeNo: string;
  /** What this refund gives back: all of the order's total or part of it. */
  amountFen: number;
  /** The original order's whole total (WeChat Pay's `amount.total`), also for a partial refund. */
  totalFen: number;
  reason: string;
}
