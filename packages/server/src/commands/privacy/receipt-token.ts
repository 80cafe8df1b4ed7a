import type { Config } from "../../config.ts";
import { InvalidInputError } from "../../errors.ts";
import { safeEqual } from "../../security/hashing.ts";
import { serverMac } from "../answering/answer-token.ts";

/**
 * A response's receipt (issue #36): `<response id>.<MAC>` under the server's signing key, shown on the
 * thank-you screen and by 查询我的答卷; whoever holds it may read that response and ask for its deletion.
 */
const RECEIPT_PURPOSE = "receipt";

export function receiptToken(config: Config, responseId: number): string {
  return `${responseId}.${serverMac(config, RECEIPT_PURPOSE, String(responseId))}`;
}

/** The response a receipt names; a changed or made-up one is refused in Chinese. */
export function receiptResponseId(config: Config, token: string): number {
  const match = /^(\d{1,12})\.([\w-]{10,64})$/.exec(token.trim());
  const id = match ? Number(match[1]) : 0;
  const expected = match ? serverMac(config, RECEIPT_PURPOSE, String(id)) : "";
  if (!match || !safeEqual(Buffer.from(match[2] as string), Buffer.from(expected)))
    throw InvalidInputError.field("token", "receiptInvalid");
  return id;
}
