/** What a provider's verified notification says about one order. */
export interface PaymentNotice {
  /** The provider's id of this notification; a replay carries the same one. */
  notifyId: string;
  orderNo: string;
  tradeNo: string;
  amountFen: number;
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
  /** Starts paying an order; what the browser shows (a QR code's content). */
  createPayment(order: {
    orderNo: string;
    amountFen: number;
    itemName: string;
  }): Promise<{ codeUrl: string }>;
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
  /** Gives a paid order's whole amount back to the payer; absent when the provider cannot. */
  refund?(request: RefundRequest): Promise<void>;
}

export interface RefundRequest {
  orderNo: string;
  /** Ours, unique per refund: a retried refund is the same refund. */
  refundNo: string;
  tradeNo: string;
  amountFen: number;
  reason: string;
}
