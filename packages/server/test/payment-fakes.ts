import crypto from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { alipaySign, alipaySignContent } from "../src/payments/alipay.ts";

/** An RSA key pair as PEM text, made in the test: nothing leaves the machine. */
export function rsaPair() {
  const pair = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    publicKey: pair.publicKey.export({ type: "spki", format: "pem" }).toString(),
  };
}

export interface FakeProvider {
  app: FastifyInstance;
  url: string;
  /** Every request the fake accepted, newest last. */
  calls: Array<{ path: string; body: Record<string, unknown> }>;
  /** Orders the payer has paid at this provider: closing them is refused as the real one refuses. */
  paid: Set<string>;
  close(): Promise<void>;
}

function wechatAuthValid(
  authorization: string,
  method: string,
  path: string,
  body: string,
  publicKey: string,
) {
  const fields = Object.fromEntries(
    [...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1] as string, m[2] as string]),
  );
  if (!authorization.startsWith("WECHATPAY2-SHA256-RSA2048 ") || !fields.signature) return false;
  const message = `${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
  return crypto.verify(
    "RSA-SHA256",
    Buffer.from(message),
    publicKey,
    Buffer.from(fields.signature, "base64"),
  );
}

/** A small WeChat Pay v3 on 127.0.0.1: checks each request's signature with the merchant's public key. */
export async function startFakeWechatPay(merchantPublicKey: string): Promise<FakeProvider> {
  const app = Fastify();
  const calls: FakeProvider["calls"] = [];
  const paid = new Set<string>();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.post("/v3/*", async (request, reply) => {
    const raw = String(request.body);
    if (
      !wechatAuthValid(
        String(request.headers.authorization ?? ""),
        "POST",
        request.url,
        raw,
        merchantPublicKey,
      )
    )
      return reply.code(401).send({ code: "SIGN_ERROR", message: "签名错误" });
    const body = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ path: request.url, body });
    if (request.url === "/v3/pay/transactions/native")
      return { code_url: `weixin://wxpay/bizpayurl?pr=${String(body.out_trade_no)}` };
    // JSAPI (inside WeChat) needs the payer's openid; H5 (a phone's browser) the payer's IP and a Wap scene.
    if (request.url === "/v3/pay/transactions/jsapi") {
      const openid = (body.payer as { openid?: unknown } | undefined)?.openid;
      if (typeof openid !== "string" || !openid)
        return reply.code(400).send({ code: "PARAM_ERROR", message: "缺少参数payer.openid" });
      return { prepay_id: `wx${String(body.out_trade_no)}prepay` };
    }
    if (request.url === "/v3/pay/transactions/h5") {
      const scene = body.scene_info as
        | { payer_client_ip?: unknown; h5_info?: { type?: unknown } }
        | undefined;
      if (typeof scene?.payer_client_ip !== "string" || scene.h5_info?.type !== "Wap")
        return reply.code(400).send({ code: "PARAM_ERROR", message: "场景信息有误" });
      return {
        h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${String(body.out_trade_no)}&package=1`,
      };
    }
    const closing = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(request.url);
    if (closing) {
      if (paid.has(decodeURIComponent(closing[1] ?? "")))
        return reply.code(400).send({ code: "ORDERPAID", message: "订单已支付" });
      return reply.code(204).send();
    }
    return { refund_id: "R1", out_refund_no: body.out_refund_no, status: "PROCESSING" };
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, calls, paid, close: () => app.close() };
}

/** A WeChat Pay v3 payment notification: resource encrypted with the APIv3 key, headers signed by the platform. */
export function wechatNotification(
  keys: { platformPrivateKey: string; apiV3Key: string },
  transaction: Record<string, unknown>,
  now: Date,
  id = crypto.randomUUID(),
) {
  const nonce = crypto.randomBytes(6).toString("hex");
  const associated = "transaction";
  const cipher = crypto.createCipheriv("aes-256-gcm", Buffer.from(keys.apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const sealed = Buffer.concat([
    cipher.update(JSON.stringify(transaction)),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  const body = JSON.stringify({
    id,
    create_time: now.toISOString(),
    resource_type: "encrypt-resource",
    event_type: "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: {
      original_type: "transaction",
      algorithm: "AEAD_AES_256_GCM",
      ciphertext: sealed.toString("base64"),
      associated_data: associated,
      nonce,
    },
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headerNonce = crypto.randomBytes(16).toString("hex");
  const signature = crypto
    .sign("RSA-SHA256", Buffer.from(`${timestamp}\n${headerNonce}\n${body}\n`), keys.platformPrivateKey)
    .toString("base64");
  return {
    body,
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": headerNonce,
      "wechatpay-signature": signature,
      "wechatpay-serial": "PLATFORM-SERIAL",
    },
  };
}

/** A small Alipay gateway on 127.0.0.1: checks the RSA2 request signature, signs its answers. */
export async function startFakeAlipay(keys: { appPublicKey: string; alipayPrivateKey: string }) {
  const app = Fastify();
  const calls: FakeProvider["calls"] = [];
  const paid = new Set<string>();
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, body),
  );
  app.post("/gateway.do", async (request, reply) => {
    const params = Object.fromEntries(new URLSearchParams(String(request.body)));
    const valid = crypto.verify(
      "RSA-SHA256",
      Buffer.from(alipaySignContent(params)),
      keys.appPublicKey,
      Buffer.from(params.sign ?? "", "base64"),
    );
    const method = params.method ?? "";
    const biz = JSON.parse(params.biz_content ?? "{}") as Record<string, unknown>;
    const result = !valid
      ? { code: "40002", msg: "Invalid Arguments", sub_code: "isv.invalid-signature" }
      : method === "alipay.trade.close"
        ? paid.has(String(biz.out_trade_no))
          ? { code: "40004", msg: "Business Failed", sub_code: "ACQ.TRADE_STATUS_ERROR" }
          : { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no }
        : method === "alipay.trade.precreate"
          ? {
              code: "10000",
              msg: "Success",
              out_trade_no: biz.out_trade_no,
              qr_code: `https://qr.alipay.com/${String(biz.out_trade_no)}`,
            }
          : { code: "10000", msg: "Success", out_trade_no: biz.out_trade_no, fund_change: "Y" };
    if (valid) calls.push({ path: method, body: { ...params, biz } });
    const text = JSON.stringify(result);
    const key = `${method.replace(/\./g, "_")}_response`;
    return reply
      .type("application/json;charset=utf-8")
      .send(`{"${key}":${text},"sign":"${alipaySign(text, keys.alipayPrivateKey)}"}`);
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}/gateway.do`, calls, paid, close: () => app.close() };
}

/** An Alipay asynchronous notification, form-encoded and RSA2-signed by Alipay's private key. */
export function alipayNotification(alipayPrivateKey: string, params: Record<string, string>): string {
  const all: Record<string, string> = { sign_type: "RSA2", charset: "utf-8", version: "1.0", ...params };
  const sign = alipaySign(alipaySignContent(all, ["sign", "sign_type"]), alipayPrivateKey);
  return new URLSearchParams({ ...all, sign }).toString();
}

/**
 * How the fake WeChat answers transfers to an openid: pay it; refuse the request (商户余额不足, nothing
 * created); accept and pay but lose the answer (HTTP 500, as a timeout would); accept and then fail it.
 */
export type TransferBehaviour = "ok" | "refuse" | "lose-answer" | "fail";

export interface FakeWechatTransfer extends Omit<FakeProvider, "paid"> {
  /** Transfers WeChat created, by out_detail_no: each is paid at most once. */
  transfers: Map<string, { outBatchNo: string; openid: string; amount: number; status: "SUCCESS" | "FAIL" }>;
  /** POSTs to /v3/transfer/batches that carried a valid signature, accepted or not. */
  sends: Array<Record<string, unknown>>;
}

/**
 * WeChat Pay v3 商家转账到零钱 on 127.0.0.1: verifies every request's signature with the merchant's public
 * key (401 SIGN_ERROR otherwise), creates a transfer per out_batch_no once (a second POST of the same
 * numbers is refused, as WeChat refuses a duplicate), answers the detail query by the merchant's numbers.
 */
export async function startFakeWechatTransfer(
  merchantPublicKey: string,
  behaviourOf: (openid: string) => TransferBehaviour,
): Promise<FakeWechatTransfer> {
  const app = Fastify();
  const calls: FakeProvider["calls"] = [];
  const sends: FakeWechatTransfer["sends"] = [];
  const transfers: FakeWechatTransfer["transfers"] = new Map();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
  const signed = (method: string, url: string, raw: string, authorization: unknown) =>
    wechatAuthValid(String(authorization ?? ""), method, url, raw, merchantPublicKey);
  app.post("/v3/transfer/batches", async (request, reply) => {
    const raw = String(request.body);
    if (!signed("POST", request.url, raw, request.headers.authorization))
      return reply.code(401).send({ code: "SIGN_ERROR", message: "签名错误" });
    const body = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ path: request.url, body });
    sends.push(body);
    const [detail] = body.transfer_detail_list as Array<Record<string, unknown>>;
    const outBatchNo = String(body.out_batch_no);
    const openid = String(detail?.openid);
    const outDetailNo = String(detail?.out_detail_no);
    if ([...transfers.values()].some((t) => t.outBatchNo === outBatchNo) || transfers.has(outDetailNo))
      return reply.code(400).send({ code: "PARAM_ERROR", message: "商家批次单号重复" });
    const behaviour = behaviourOf(openid);
    if (behaviour === "refuse") return reply.code(403).send({ code: "NOT_ENOUGH", message: "资金不足" });
    transfers.set(outDetailNo, {
      outBatchNo,
      openid,
      amount: Number(detail?.transfer_amount),
      status: behaviour === "fail" ? "FAIL" : "SUCCESS",
    });
    if (behaviour === "lose-answer")
      return reply.code(500).send({ code: "SYSTEM_ERROR", message: "系统繁忙" });
    return { out_batch_no: outBatchNo, batch_id: `1030000${outBatchNo}`, batch_status: "ACCEPTED" };
  });
  app.get<{ Params: { batch: string; detail: string } }>(
    "/v3/transfer/batches/out-batch-no/:batch/details/out-detail-no/:detail",
    async (request, reply) => {
      if (!signed("GET", request.url, "", request.headers.authorization))
        return reply.code(401).send({ code: "SIGN_ERROR", message: "签名错误" });
      const found = transfers.get(request.params.detail);
      if (!found || found.outBatchNo !== request.params.batch)
        return reply.code(404).send({ code: "NOT_FOUND", message: "记录不存在" });
      return {
        out_batch_no: found.outBatchNo,
        out_detail_no: request.params.detail,
        detail_status: found.status,
        transfer_amount: found.amount,
        openid: found.openid,
        ...(found.status === "FAIL" ? { fail_reason: "ACCOUNT_FROZEN" } : {}),
      };
    },
  );
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as { port: number };
  return { app, url: `http://127.0.0.1:${port}`, calls, sends, transfers, close: () => app.close() };
}
