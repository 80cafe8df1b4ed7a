import type { Generated } from "kysely";

export const loginAttemptsTable = "login_attempts";

/** Password login attempts, counted to throttle guessing per phone and per IP. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  phone: string;
  ip: string;
  success: number;
  createdAt: string;
}
