import type { Generated, Selectable } from "kysely";

export const phoneCodesTable = "phone_codes";

export type PhoneCodePurpose = "login" | "bind";

/** Verification codes sent by SMS, stored hashed. Rows double as the send log the rate limits count. */
export interface PhoneCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: PhoneCodePurpose;
  codeHash: string;
  ip: string;
  attempts: number;
  createdAt: string;
  expiresAt: string;
  consumedAt: string | null;
}

export type PhoneCodeRow = Selectable<PhoneCodesTable>;
