import type { Generated, Selectable } from "kysely";

export const phoneCodesTable = "phone_codes";

/**
 * What a code proves: `login`, `bind` (/ConfirmPhone), `reset` (忘记密码), and for a signed-in account
 * `password` (change the password without the old one), `phone-old`/`phone-new` (change the bound phone)
 * and `delete` (request the account's deletion); `remind` proves a phone for a questionnaire's start reminder. A code only ever answers its own purpose.
 */
export type PhoneCodePurpose =
  | "login"
  | "bind"
  | "reset"
  | "password"
  | "phone-old"
  | "phone-new"
  | "delete"
  | "remind"
  // A respondent proving a phone on the thank-you page: to take a red packet, or to draw when draws count per phone.
  | "redPacket"
  // A respondent finding their own responses to a questionnaire by the phone they answered with (issue #36).
  | "myResponses"
  // A listed candidate signing in to an exam by the phone on the 考生名单 (issue #40).
  | "exam"
  | "draw";

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
