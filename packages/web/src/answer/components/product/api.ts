import type {
  FormOrderChannel,
  FormOrderPayStart,
  ProductStockList,
  ReceiptFormOrder,
} from "@wjgj/core/api/form-orders-api";
import { apiCall } from "../../lib/api.ts";

/** What a pay call gives back: the data, or the server's (Chinese) message. */
export type PayOutcome<T> = { ok: true; data: T } | { ok: false; msg: string };

/**
 * The pay step's three calls, by the receipt token. The answer page uses the tiny client below; the receipt
 * (the main app) passes its own (api/form-order-pay.ts), so both share one pay step.
 */
export interface FormOrderPayClient {
  order(token: string): Promise<PayOutcome<ReceiptFormOrder>>;
  pay(input: {
    token: string;
    provider: string;
    channel: FormOrderChannel;
  }): Promise<PayOutcome<FormOrderPayStart>>;
  fakePay(token: string): Promise<PayOutcome<{ delivered: boolean }>>;
}

export const answerPayClient: FormOrderPayClient = {
  order: (token) => apiCall<ReceiptFormOrder>("GET", "anQuestion/formOrder", { query: { token } }),
  pay: (input) => apiCall<FormOrderPayStart>("POST", "anQuestion/payFormOrder", { body: { json: input } }),
  fakePay: (token) =>
    apiCall<{ delivered: boolean }>("POST", "anQuestion/fakePayFormOrder", { body: { json: { token } } }),
};

/** Each product's stock left, live (GET anQuestion/productStock). */
export const productStock = (publicId: string, questionId: string) =>
  apiCall<ProductStockList>("GET", "anQuestion/productStock", { query: { publicId, questionId } });
