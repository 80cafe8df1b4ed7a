import type { FormOrderStatus, FormOrderView, PricedLine } from "./form-products.ts";
import type { PayStartView } from "./money.ts";

/**
 * 商品 (issue #41): what the order calls answer, shared by the server and the pages. A response that buys is
 * stored with its order in one transaction, as 无效 (not counted) until the order is paid; the payment makes it
 * valid (counted) in the notification's transaction. An order not paid in time closes, gives its stock back,
 * and its response stays 无效.
 *
 * Respondents (no login; the receipt token is the key):
 * - the submit reply carries {@link SubmittedFormOrder} (`order`), the receipt {@link ReceiptFormOrder}s (`orders`)
 * - GET  `anQuestion/productStock` { publicId, questionId } → {@link ProductStockList} (what is left, live)
 * - GET  `anQuestion/formOrder` { token } → {@link ReceiptFormOrder} (the newest order of the response)
 * - POST `anQuestion/payFormOrder` { token, provider } → {@link FormOrderPayStart} (the server picks the channel
 *   from the browser: WeChat's in-page pay inside WeChat, H5 on a phone, else a QR code)
 * - POST `anQuestion/fakePayFormOrder` { token } → { delivered } — the local gateway's 模拟扫码支付 (PAY_FAKE only)
 * Creators (owner and members who see the results; refunds: who manage the responses):
 * - GET  `questionary/formOrders` { id, status?, pageNum, pageSize } → {@link CreatorFormOrders}
 * - POST `questionary/refundFormOrder` { id, orderNo, amountFen, reason } → {@link FormOrderView}
 * - GET  `questionary/exportFormOrders` { id } → `订单.xlsx`
 */

/** How the payer pays: a QR code on a computer (native), WeChat's in-page pay (jsapi), a phone browser (h5). */
export type FormOrderChannel = "native" | "jsapi" | "h5";

export interface PayProviderOption {
  /** wechat, alipay or the local fake (PAY_FAKE only). */
  name: string;
  /** 微信支付, 支付宝, 模拟支付（本地测试通道）. */
  label: string;
}

/** Each product's stock left (not sold and not reserved by an unpaid order); null: no limit. */
export interface ProductStockList {
  items: { itemId: string; left: number | null }[];
}

/** What the submit reply adds when the response bought something. */
export interface SubmittedFormOrder {
  orderNo: string;
  totalFen: number;
  status: FormOrderStatus;
  /** China time "YYYY-MM-DD HH:mm:ss": pay before it or the order closes. */
  expiresAt: string;
}

/** The order as its buyer sees it (receipt, pay step). */
export interface ReceiptFormOrder {
  orderNo: string;
  questionId: string;
  lines: PricedLine[];
  totalFen: number;
  refundedFen: number;
  status: FormOrderStatus;
  /** 待支付, 已支付, 已超时关闭, 已退款, 部分退款 … */
  statusLabel: string;
  /** China time "YYYY-MM-DD HH:mm:ss"; paidAt "" before payment. */
  createdAt: string;
  expiresAt: string;
  paidAt: string;
  /** Pending and before its deadline: the pay step is open. */
  payable: boolean;
  /** What the payer may pay with now (empty when none is configured). */
  providers: PayProviderOption[];
}

export interface FormOrderPayStart {
  order: ReceiptFormOrder;
  /** A QR code's content (native, the local fake); "" on the other channels. */
  codeUrl: string;
  /** Inside WeChat: `WeixinJSBridge.invoke("getBrandWCPayRequest", jsapi, …)` (as for a membership). */
  jsapi?: PayStartView["jsapi"];
  /** A phone's browser is sent here (WeChat Pay H5). */
  h5Url?: string;
  /**
   * Inside WeChat before the server knows the payer's openid: the page goes through `wechat/payAuthorize`
   * (the 公众号's silent authorisation) back to the receipt, and pays again there.
   */
  wechatAuthorize?: boolean;
}

export interface FormOrderTotalsView {
  paidCount: number;
  receivedFen: number;
  refundedFen: number;
  /** The platform's fee, net of what refunds gave back. */
  feeFen: number;
  /** What the creator keeps: received − refunded − fee. */
  netFen: number;
}

export interface CreatorFormOrders {
  list: FormOrderView[];
  total: number;
  pageNum: number;
  pageSize: number;
  totals: FormOrderTotalsView;
}

/** A refund's reason, as the creator writes it (shown to nobody else but kept with the refund). */
export const FORM_ORDER_REFUND_REASON_MAX = 80;
