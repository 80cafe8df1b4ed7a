import crypto from "node:crypto";
import { ResultCode, yuanToFen } from "@wjgj/core";
import { AppError } from "../errors.ts";
import { chinaTimestamp } from "./keys.ts";
import type { PaymentNotice, PaymentProvider, RefundRequest } from "./provider.ts";

export interface AlipayConfig {
  appId: string;
  /** PEM of the application's private key: signs requests (RSA2). */
  privateKey: string;
  /** PEM of Alipay's public key: verifies responses and notifications. */
  alipayPublicKey: string;
  notifyUrl: string;
  /** https://openapi.alipay.com/gateway.do; tests point it at a local fake. */
  gateway: string;
}

/** Alipay's signed content: the non-empty parameters but `sign` (and `sign_type` in notifications), sorted, `k=v&…`. */
export function alipaySignContent(
  params: Record<string, string>,
  skip: readonly string[] = ["sign"],
): string {
  return Object.keys(params)
    .filter((key) => !skip.includes(key) && params[key] !== "")
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join("&");
}

export function alipaySign(content: string, privateKey: string): string {
  return crypto.sign("RSA-SHA256", Buffer.from(content, "utf8"), privateKey).toString("base64");
}

function verifies(content: string, signature: string, publicKey: string): boolean {
  try {
    return crypto.verify(
      "RSA-SHA256",
      Buffer.from(content, "utf8"),
      publicKey,
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}

/**
 * The response's own JSON text under `<method>_response`, as signed: Alipay signs the exact bytes of that
 * value, so it is cut from the raw text rather than re-serialised.
 */
function signedResponseText(raw: string, key: string): string | null {
  const start = raw.indexOf(`"${key}":`);
  const end = raw.lastIndexOf(',"sign"');
  if (start === -1 || end === -1 || end < start) return null;
  return raw.slice(start + key.length + 3, end);
}

async function call(config: AlipayConfig, method: string, biz: Record<string, unknown>, now: Date) {
  const params: Record<string, string> = {
    app_id: config.appId,
    method,
    format: "JSON",
    charset: "utf-8",
    sign_type: "RSA2",
    timestamp: chinaTimestamp(now),
    version: "1.0",
    notify_url: method === "alipay.trade.precreate" ? config.notifyUrl : "",
    biz_content: JSON.stringify(biz),
  };
  params.sign = alipaySign(alipaySignContent(params), config.privateKey);
  let raw: string;
  try {
    const res = await fetch(config.gateway, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    raw = await res.text();
  } catch {
    throw new AppError(ResultCode.conflict, "payProviderUnavailable");
  }
  const key = `${method.replace(/\./g, "_")}_response`;
  const signedText = signedResponseText(raw, key);
  let json: { sign?: unknown } & Record<string, Record<string, unknown> | undefined>;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(ResultCode.conflict, "payProviderUnavailable");
  }
  // An answer that Alipay did not sign is not trusted (a man in the middle could hand out his own QR code).
  if (
    !signedText ||
    typeof json.sign !== "string" ||
    !verifies(signedText, json.sign, config.alipayPublicKey)
  )
    throw new AppError(ResultCode.conflict, "payProviderUnavailable");
  return json[key] ?? {};
}

function noticeOf(config: AlipayConfig, params: Record<string, string>): PaymentNotice | null {
  const status = params.trade_status;
  if (status !== "TRADE_SUCCESS" && status !== "TRADE_FINISHED") return null;
  if (params.app_id !== config.appId) return null;
  const amountFen = yuanToFen(params.total_amount ?? "");
  const { notify_id: notifyId, out_trade_no: orderNo, trade_no: tradeNo } = params;
  if (!amountFen || !notifyId || !orderNo || !tradeNo) return null;
  return {
    notifyId: notifyId.slice(0, 80),
    orderNo: orderNo.slice(0, 32),
    tradeNo: tradeNo.slice(0, 64),
    amountFen,
  };
}

/** 支付宝 (当面付 precreate: the payer scans the qr_code). */
export function alipayProvider(config: AlipayConfig, clock: () => Date): PaymentProvider {
  return {
    name: "alipay",
    label: "支付宝",
    async createPayment(order) {
      const res = await call(
        config,
        "alipay.trade.precreate",
        {
          out_trade_no: order.orderNo,
          total_amount: (order.amountFen / 100).toFixed(2),
          subject: order.itemName.slice(0, 256),
        },
        clock(),
      );
      if (res.code !== "10000" || typeof res.qr_code !== "string" || !res.qr_code)
        throw new AppError(ResultCode.conflict, "payProviderUnavailable");
      return { codeUrl: res.qr_code };
    },
    verifyNotification(_headers, rawBody) {
      const params = Object.fromEntries(new URLSearchParams(rawBody));
      const signature = params.sign;
      if (!signature || (params.sign_type && params.sign_type !== "RSA2")) return null;
      const content = alipaySignContent(params, ["sign", "sign_type"]);
      return verifies(content, signature, config.alipayPublicKey) ? noticeOf(config, params) : null;
    },
    answer(ok) {
      // Alipay retries until it reads exactly "success".
      return { status: 200, contentType: "text/plain", body: ok ? "success" : "failure" };
    },
    async close(orderNo) {
      const res = await call(config, "alipay.trade.close", { out_trade_no: orderNo }, clock());
      if (res.code === "10000") return "closed";
      // A QR code never scanned has no trade at Alipay yet; a paid (or finished) trade cannot be closed.
      if (res.sub_code === "ACQ.TRADE_NOT_EXIST") return "closed";
      if (res.sub_code === "ACQ.TRADE_STATUS_ERROR") return "paid";
      throw new AppError(ResultCode.conflict, "payProviderUnavailable");
    },
    async refund(request: RefundRequest) {
      const res = await call(
        config,
        "alipay.trade.refund",
        {
          out_trade_no: request.orderNo,
          refund_amount: (request.amountFen / 100).toFixed(2),
          out_request_no: request.refundNo,
          refund_reason: request.reason.slice(0, 256),
        },
        clock(),
      );
      if (res.code !== "10000") throw new AppError(ResultCode.conflict, "refundFailed");
    },
  };
}
