import type { FastifyBaseLogger } from "fastify";
import type { Trx } from "../db/index.ts";
import type { SmsMessage, SmsProvider } from "./provider.ts";

/**
 * The default provider for self-hosting and development: nothing leaves the machine. The message goes
 * to the log and to the outbox table, where the admin console shows it.
 */
export function consoleSmsProvider(log: Pick<FastifyBaseLogger, "info">): SmsProvider {
  return {
    name: "console",
    async record(trx: Trx, message: SmsMessage, now: string) {
      await trx
        .insertInto("sms_outbox")
        .values({ ...message, provider: "console", createdAt: now })
        .execute();
    },
    async deliver(message: SmsMessage) {
      log.info(
        { sms: { phone: message.phone, purpose: message.purpose } },
        `[短信] ${message.phone}: ${message.content}`,
      );
    },
  };
}
