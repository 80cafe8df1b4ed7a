import type { FastifyBaseLogger } from "fastify";
import type { Trx } from "../db/index.ts";
import type { SmsMessage, SmsProvider } from "./provider.ts";

/**
 * The default provider for self-hosting and development: nothing leaves the machine. The message goes
 * to the log and to the outbox table, where the admin console shows it. Logged as a warning: it must
 * reach the terminal at the default level (warn), and a code that was never sent is worth noticing.
 */
export function consoleSmsProvider(log: Pick<FastifyBaseLogger, "warn">): SmsProvider {
  return {
    name: "console",
    async record(trx: Trx, message: SmsMessage, now: string) {
      await trx
        .insertInto("sms_outbox")
        .values({ ...message, provider: "console", createdAt: now })
        .execute();
    },
    async deliver(message: SmsMessage) {
      log.warn(
        { sms: { phone: message.phone, purpose: message.purpose } },
        `[短信] ${message.phone}: ${message.content}`,
      );
    },
  };
}
