import { useQueryClient } from "@tanstack/react-query";
import type { FormOrderChannel, FormOrderPayStart, ReceiptFormOrder } from "@wjgj/core";
import { useCallback } from "react";
import type { FormOrderPayClient, PayOutcome } from "../answer/components/product/api.ts";
import { ApiError } from "./errors.ts";
import { http } from "./request.ts";
import { rightsKeys } from "./respondent-rights.ts";

/**
 * 商品 (issue #41): paying a response's order from its receipt (by the receipt token). The receipt shows the
 * answer page's pay step (answer/components/product/pay-step.tsx) with these calls. Shapes: core's
 * api/form-orders-api.ts.
 */
export const formOrderPayApi = {
  order: (token: string) =>
    // Refusals are the pay step's to show (its alert line), not a toast.
    http.get<ReceiptFormOrder>("anQuestion/formOrder", { token }, { silent: true }),
  pay: (input: { token: string; provider: string; channel: FormOrderChannel }) =>
    http.postJson<FormOrderPayStart>("anQuestion/payFormOrder", input, { silent: true }),
  fakePay: (token: string) =>
    http.postJson<{ delivered: boolean }>("anQuestion/fakePayFormOrder", { token }, { silent: true }),
};

async function outcomeOf<T>(call: Promise<T>): Promise<PayOutcome<T>> {
  try {
    return { ok: true, data: await call };
  } catch (error) {
    return { ok: false, msg: error instanceof ApiError ? error.message : "网络异常，请稍后重试" };
  }
}

/** The pay step's calls through the main app's client. */
export const receiptPayClient: FormOrderPayClient = {
  order: (token) => outcomeOf(formOrderPayApi.order(token)),
  pay: (input) => outcomeOf(formOrderPayApi.pay(input)),
  fakePay: (token) => outcomeOf(formOrderPayApi.fakePay(token)),
};

/** Once an order is paid or closed, the receipt reloads: it lists the order's new state. */
export function useOrderSettled(token: string) {
  const client = useQueryClient();
  return useCallback(
    () => void client.invalidateQueries({ queryKey: rightsKeys.receipt(token) }),
    [client, token],
  );
}
