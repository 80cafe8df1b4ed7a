import crypto from "node:crypto";
import { ResultCode } from "@wjgj/core";
import { AppError } from "../errors.ts";
import { headerText, MAX_NOTIFY_SKEW_MS } from "./keys.ts";
import type {
  JsapiPayRequest,
  PayChannel,
  PaymentNotice,
  PaymentProvider,
  PaymentStart,
  RefundRequest,
} from "./provider.ts";

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** The merchant certificate's serial number, named in each request's Authorization. */
  serialNo: string;
  /** PEM of the merchant's private key: signs requests. */
  privateKey: string;
  /** PEM of the WeChat Pay platform public key: verifies notifications. */
  platformPublicKey: string;
  /** The 32-byte APIv3 key: decrypts notification resources (AES-256-GCM). */
  apiV3Key: string;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com; tests point it at a local fake. */
  baseUrl: string;
}

/** What WeChat Pay v3 signs and verifies: each part followed by a newline. */
function lines(...parts: string[]): string {
  return parts.map((p) => `${p}\n`).join("");
}

/** The Authorization header of an API v3 request (WECHATPAY2-SHA256-RSA2048). */
export function wechatAuthorization(
  config: Pick<WechatPayConfig, "mchId" | "serialNo" | "privateKey">,
  method: string,
  pathWithQuery: string,
  body: string,
  now: Date,
): string {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const nonce = crypto.randomBytes(16).toString("hex");
  const signature = crypto
    .sign("RSA-SHA256", Buffer.from(lines(method, pathWithQuery, timestamp, nonce, body)), config.privateKey)
    .toString("base64");
  return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`;
}

/** Decrypts a notification's `resource` (AEAD_AES_256_GCM; the last 16 bytes are the tag). */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, "base64");
  if (data.length <= 16) throw new Error("ciphertext too short");
  const decipher = crypto.createDecipheriv(
    "aes-256-gcm",
    Buffer.from(apiV3Key, "utf8"),
    Buffer.from(resource.nonce),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? ""));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    "utf8",
  );
}

interface NotifyBody {
  id?: unknown;
  event_type?: unknown;
  resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
}

function noticeOf(config: WechatPayConfig, body: NotifyBody): PaymentNotice | null {
  const r = body.resource;
  if (body.event_type !== "TRANSACTION.SUCCESS" || typeof body.id !== "string" || !r) return null;
  if (r.algorithm !== "AEAD_AES_256_GCM" || typeof r.ciphertext !== "string" || typeof r.nonce !== "string")
    return null;
  const plain = JSON.parse(
    decryptResource(config.apiV3Key, {
      ciphertext: r.ciphertext,
      nonce: r.nonce,
      associated_data: typeof r.associated_data === "string" ? r.associated_data : "",
    }),
  ) as Record<string, unknown>;
  const amount = plain.amount as { total?: unknown } | undefined;
  const total = amount?.total;
  if (plain.trade_state !== "SUCCESS" || plain.mchid !== config.mchId || plain.appid !== config.appId)
    return null;
  if (typeof plain.out_trade_no !== "string" || typeof plain.transaction_id !== "string") return null;
  if (typeof total !== "number" || !Number.isSafeInteger(total) || total <= 0) return null;
  return {
    notifyId: body.id.slice(0, 80),
    orderNo: plain.out_trade_no.slice(0, 32),
    tradeNo: plain.transaction_id.slice(0, 64),
    amountFen: total,
  };
}

/** One signed request; the status and JSON answer (empty for 204), or 409 when the service is unreachable. */
async function send(config: WechatPayConfig, path: string, payload: unknown, now: Date) {
  const body = JSON.stringify(payload);
  let res: Response;
  try {
    res = await fetch(new URL(path, config.baseUrl), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: wechatAuthorization(config, "POST", path, body, now),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new AppError(ResultCode.conflict, "payProviderUnavailable");
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

async function call(config: WechatPayConfig, path: string, payload: unknown, now: Date) {
  const { status, json } = await send(config, path, payload, now);
  if (status < 200 || status >= 300) throw new AppError(ResultCode.conflict, "payProviderUnavailable");
  return json;
}

/**
 * The JSAPI payment's signature (JSAPI调起支付): base64 of RSA-SHA256 with the merchant's private key over
 * appId, timeStamp, nonceStr and package, each followed by a newline.
 */
export function jsapiPaySign(
  privateKey: string,
  request: Pick<JsapiPayRequest, "appId" | "timeStamp" | "nonceStr" | "package">,
): string {
  return crypto
    .sign(
      "RSA-SHA256",
      Buffer.from(lines(request.appId, request.timeStamp, request.nonceStr, request.package)),
      privateKey,
    )
    .toString("base64");
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * 微信支付 (API v3): Native (the payer scans the code_url's QR code), JSAPI (inside WeChat, for the payer's
 * openid under the 公众号 WECHATPAY_APP_ID names) and H5 (a phone's browser, sent to WeChat's page).
 */
export function wechatPayProvider(config: WechatPayConfig, clock: () => Date): PaymentProvider {
  return {
    name: "wechat",
    label: "微信支付",
    channels: ["jsapi", "h5"],
    async createPayment(order, channel: PayChannel = { kind: "native" }): Promise<PaymentStart> {
      const common = {
        appid: config.appId,
        mchid: config.mchId,
        description: order.itemName.slice(0, 127),
        out_trade_no: order.orderNo,
        notify_url: config.notifyUrl,
        amount: { total: order.amountFen, currency: "CNY" },
      };
      const unavailable = () => new AppError(ResultCode.conflict, "payProviderUnavailable");
      if (channel.kind === "jsapi") {
        const json = await call(
          config,
          "/v3/pay/transactions/jsapi",
          { ...common, payer: { openid: channel.openid } },
          clock(),
        );
        const prepayId = text(json.prepay_id);
        if (!prepayId) throw unavailable();
        const unsigned = {
          appId: config.appId,
          timeStamp: String(Math.floor(clock().getTime() / 1000)),
          nonceStr: crypto.randomBytes(16).toString("hex"),
          package: `prepay_id=${prepayId}`,
        };
        return {
          codeUrl: "",
          jsapi: { ...unsigned, signType: "RSA", paySign: jsapiPaySign(config.privateKey, unsigned) },
        };
      }
      if (channel.kind === "h5") {
        const json = await call(
          config,
          "/v3/pay/transactions/h5",
          { ...common, scene_info: { payer_client_ip: channel.clientIp, h5_info: { type: "Wap" } } },
          clock(),
        );
        const h5Url = text(json.h5_url);
        if (!/^https:\/\//.test(h5Url)) throw unavailable();
        return { codeUrl: "", h5Url };
      }
      const json = await call(config, "/v3/pay/transactions/native", common, clock());
      const codeUrl = text(json.code_url);
      if (!codeUrl) throw unavailable();
      return { codeUrl };
    },
    verifyNotification(headers, rawBody, now) {
      const timestamp = headerText(headers, "Wechatpay-Timestamp");
      const nonce = headerText(headers, "Wechatpay-Nonce");
      const signature = headerText(headers, "Wechatpay-Signature");
      if (!/^\d{1,12}$/.test(timestamp) || !nonce || !signature) return null;
      if (Math.abs(Number(timestamp) * 1000 - now.getTime()) > MAX_NOTIFY_SKEW_MS) return null;
      try {
        const valid = crypto.verify(
          "RSA-SHA256",
          Buffer.from(lines(timestamp, nonce, rawBody)),
          config.platformPublicKey,
          Buffer.from(signature, "base64"),
        );
        return valid ? noticeOf(config, JSON.parse(rawBody) as NotifyBody) : null;
      } catch {
        // A malformed key, signature, body or ciphertext: refused like a forged one.
        return null;
      }
    },
    answer(ok) {
      // WeChat Pay v3: 200/204 without a body on success; otherwise 4xx/5xx with code and message.
      return ok
        ? { status: 204, contentType: "application/json", body: "" }
        : {
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ code: "FAIL", message: "签名验证失败或订单不符" }),
          };
    },
    async close(orderNo) {
      // 关闭订单: 204 when closed; ORDERPAID when the payer was first; an order never opened is closed too.
      const { status, json } = await send(
        config,
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`,
        { mchid: config.mchId },
        clock(),
      );
      if (status === 204 || status === 200) return "closed";
      if (json.code === "ORDERPAID") return "paid";
      if (
        json.code === "ORDER_NOT_EXIST" ||
        json.code === "RESOURCE_NOT_EXISTS" ||
        json.code === "ORDERCLOSED"
      )
        return "closed";
      throw new AppError(ResultCode.conflict, "payProviderUnavailable");
    },
    async refund(request: RefundRequest) {
      const json = await call(
        config,
        "/v3/refund/domestic/refunds",
        {
          out_trade_no: request.orderNo,
          out_refund_no: request.refundNo,
          reason: request.reason.slice(0, 80),
          amount: { refund: request.amountFen, total: request.totalFen, currency: "CNY" },
        },
        clock(),
      );
      if (json.status !== "SUCCESS" && json.status !== "PROCESSING")
        throw new AppError(ResultCode.conflict, "refundFailed");
    },
  };
}
