import type { Trx } from "../db/index.ts";

export interface SmsMessage {
  phone: string;
  purpose: string;
  content: string;
  code: string | null;
}

/**
 * Sends text messages. `record` runs inside the caller's transaction (the outbox row commits or rolls
 * back with the code it carries); `deliver` runs after commit and talks to the outside world.
 */
export interface SmsProvider {
  readonly name: string;
  record(trx: Trx, message: SmsMessage, now: string): Promise<void>;
  deliver(message: SmsMessage): Promise<void>;
}
