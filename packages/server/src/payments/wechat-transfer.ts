import type { WechatPayConfig } from "./wechat-pay.ts";
import { wechatAuthorization } from "./wechat-pay.ts";

/**
 * WeChat Pay v3 商家转账到零钱 (POST /v3/transfer/batches, one detail per batch), the red-packet payout
 * to a claimant's WeChat balance. Requests are signed as every v3 call (WECHATPAY2-SHA256-RSA2048);
 * amounts never reach the 2,000-yuan mark above which WeChat wants the payee's encrypted name (a red
 * packet is at most 200 yuan), so no user_name is sent.
 */

export interface TransferNumbers {
  /** 5-32 letters or digits, unique per merchant: derived from the payout's id. */
  outBatchNo: string;
  outDetailNo: string;
}

export interface TransferRequest extends TransferNumbers {
  openid: string;
  amountFen: number;
  remark: string;
}

/** Where a transfer stands at WeChat: never received, still moving, arrived, or refused for good. */
export type TransferState =
  | { kind: "absent" }
  | { kind: "processing" }
  | { kind: "success" }
  | { kind: "failed"; reason: string };

/** Paying a red-packet claim out of the site; the default is none (the claim credits the site wallet). */
export interface TransferPayout {
  name: "wechat";
  /** Asks WeChat to transfer; throws when the request was not accepted (a retry may try again). */
  send(request: TransferRequest): Promise<void>;
  /** Where the transfer with these numbers stands; throws when WeChat cannot be asked. */
  query(numbers: TransferNumbers): Promise<TransferState>;
}

/** WeChat answered, but not with success: its own code and message, for the job's last error. */
export class WechatTransferError extends Error {
  constructor(
    readonly status: number,
    readonly wechatCode: string,
    message: string,
  ) {
    super(`微信零钱打款失败（${status} ${wechatCode}）：${message}`.slice(0, 300));
    this.name = "WechatTransferError";
  }
}

type Fetch = typeof fetch;

async function signedFetch(
  config: WechatPayConfig,
  now: Date,
  method: "GET" | "POST",
  path: string,
  payload: unknown,
  fetchImpl: Fetch,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const body = payload === undefined ? "" : JSON.stringify(payload);
  let res: Response;
  try {
    res = await fetchImpl(new URL(path, config.baseUrl), {
      method,
      headers: {
        accept: "application/json",
        ...(body ? { "content-type": "application/json" } : {}),
        authorization: wechatAuthorization(config, method, path, body, now),
      },
      ...(body ? { body } : {}),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new WechatTransferError(0, "UNREACHABLE", error instanceof Error ? error.message : "无法连接");
  }
  const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: res.status, json };
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function wechatTransferPayout(
  config: WechatPayConfig,
  clock: () => Date,
  fetchImpl: Fetch = fetch,
): TransferPayout {
  return {
    name: "wechat",
    async send(request) {
      const { status, json } = await signedFetch(
        config,
        clock(),
        "POST",
        "/v3/transfer/batches",
        {
          appid: config.appId,
          out_batch_no: request.outBatchNo,
          batch_name: "问卷红包",
          batch_remark: request.remark.slice(0, 32),
          total_amount: request.amountFen,
          total_num: 1,
          transfer_detail_list: [
            {
              out_detail_no: request.outDetailNo,
              transfer_amount: request.amountFen,
              transfer_remark: request.remark.slice(0, 32),
              openid: request.openid,
            },
          ],
        },
        fetchImpl,
      );
      if (status !== 200 || text(json.out_batch_no) !== request.outBatchNo)
        throw new WechatTransferError(status, text(json.code) || "UNEXPECTED", text(json.message));
    },
    async query(numbers) {
      const path = `/v3/transfer/batches/out-batch-no/${encodeURIComponent(numbers.outBatchNo)}/details/out-detail-no/${encodeURIComponent(numbers.outDetailNo)}`;
      const { status, json } = await signedFetch(config, clock(), "GET", path, undefined, fetchImpl);
      if (status === 404 && text(json.code) === "NOT_FOUND") return { kind: "absent" };
      if (status !== 200)
        throw new WechatTransferError(status, text(json.code) || "UNEXPECTED", text(json.message));
      const detail = text(json.detail_status);
      if (detail === "SUCCESS") return { kind: "success" };
      if (detail === "FAIL") return { kind: "failed", reason: text(json.fail_reason) || "FAIL" };
      // INIT, WAIT_PAY, PROCESSING: WeChat has it and will settle it.
      return { kind: "processing" };
    },
  };
}
