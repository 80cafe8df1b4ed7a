import crypto, { type KeyObject } from "node:crypto";
import type { PaymentNotice, PaymentProvider } from "./provider.ts";

/** Notifications older or newer than this are refused, as WeChat Pay v3 advises. */
const MAX_SKEW_MS = 5 * 60 * 1000;

export const fakeHeaders = {
  timestamp: "fakepay-timestamp",
  nonce: "fakepay-nonce",
  signature: "fakepay-signature",
} as const;

/** What is signed: the WeChat Pay v3 layout (timestamp, nonce, body, each followed by a newline). */
function message(timestamp: string, nonce: string, body: string): Buffer {
  return Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, "utf8");
}

/**
 * Signs a notification as the fake gateway does; tests call it with keys they generate, and the local
 * gateway (PAY_FAKE=1 without a configured public key) with its own.
 */
export function signFakeNotification(
  privateKey: KeyObject,
  notice: PaymentNotice,
  now: Date,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ ...notice, status: "SUCCESS" });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = crypto.randomBytes(12).toString("hex");
  const signature = crypto.sign(null, message(timestamp, nonce, body), privateKey).toString("base64");
  return {
    headers: {
      "content-type": "application/json",
      [fakeHeaders.timestamp]: timestamp,
      [fakeHeaders.nonce]: nonce,
      [fakeHeaders.signature]: signature,
    },
    body,
  };
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

function parseNotice(body: string): PaymentNotice | null {
  try {
    const data = JSON.parse(body) as Record<string, unknown>;
    const { notifyId, orderNo, tradeNo, amountFen, status } = data;
    if (status !== "SUCCESS") return null;
    if (typeof notifyId !== "string" || typeof orderNo !== "string" || typeof tradeNo !== "string")
      return null;
    if (!Number.isSafeInteger(amountFen) || (amountFen as number) <= 0) return null;
    if (notifyId.length > 80 || orderNo.length > 32 || tradeNo.length > 64) return null;
    return { notifyId, orderNo, tradeNo, amountFen: amountFen as number };
  } catch {
    return null;
  }
}

/**
 * 本地模拟支付: a provider that never leaves the machine, for development, tests and demos. Its
 * notifications are Ed25519-signed like a real gateway's, and verified the same way.
 */
export function fakeProvider(publicKey: KeyObject, options: { jsapi?: boolean } = {}): PaymentProvider {
  return {
    name: "fake",
    label: "模拟支付（本地测试通道）",
    // Inside WeChat, with PAY_FAKE_JSAPI (journeys): a JSAPI request that the journey's stub WeixinJSBridge pays.
    ...(options.jsapi ? { channels: ["jsapi"] as const } : {}),
    async createPayment(order, channel) {
      if (channel?.kind === "jsapi") {
        return {
          codeUrl: "",
          jsapi: {
            appId: "wxfakepay",
            timeStamp: String(Math.floor(Date.now() / 1000)),
            nonceStr: crypto.randomBytes(16).toString("hex"),
            package: `prepay_id=fake-${order.orderNo}`,
            signType: "RSA",
            paySign: "",
          },
        };
      }
      return {
        codeUrl: `fakepay://pay?orderNo=${encodeURIComponent(order.orderNo)}&amount=${order.amountFen}`,
      };
    },
    async close() {
      return "closed" as const;
    },
    // The local gateway gives every refund back at once, so development with PAY_FAKE can refund form orders.
    async refund() {},
    verifyNotification(headers, rawBody, now) {
      const timestamp = header(headers, fakeHeaders.timestamp);
      const nonce = header(headers, fakeHeaders.nonce);
      const signature = header(headers, fakeHeaders.signature);
      if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return null;
      if (Math.abs(Number(timestamp) * 1000 - now.getTime()) > MAX_SKEW_MS) return null;
      let valid = false;
      try {
        valid = crypto.verify(
          null,
          message(timestamp, nonce, rawBody),
          publicKey,
          Buffer.from(signature, "base64"),
        );
      } catch {
        return null;
      }
      return valid ? parseNotice(rawBody) : null;
    },
    answer(ok) {
      return {
        status: ok ? 200 : 400,
        contentType: "application/json",
        body: JSON.stringify(ok ? { code: "SUCCESS" } : { code: "FAIL", message: "签名验证失败" }),
      };
    },
  };
}
