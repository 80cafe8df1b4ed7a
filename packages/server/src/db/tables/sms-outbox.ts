import type { Generated, Selectable } from "kysely";

export const smsOutboxTable = "sms_outbox";

/** Every SMS the product sent, as the provider recorded it (the admin console reads this). */
export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  content: string;
  /** The code in clear only for the `console` provider, whose outbox is the delivery channel. */
  code: string | null;
  provider: string;
  createdAt: string;
}

export type SmsOutboxRow = Selectable<SmsOutboxTable>;
