import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export const usersTable = "users";

/** Accounts. `phone` is null for accounts that came from another platform and have not bound one yet. */
export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  nickName: string;
  avatar: string;
  passwordHash: string | null;
  /** 0 personal, 1–3 paid levels. */
  vipLevel: number;
  vipStopTime: string | null;
  /** 1 when the account may manage templates. */
  isTemplate: number;
  role: "user" | "admin";
  status: "active" | "disabled";
  createdAt: string;
  updatedAt: string;
  /** The owner's pending deletion request (cooling-off period), or null. */
  deletionRequestedAt: string | null;
  /** When the account was anonymised at the end of the cooling-off period. */
  deletedAt: string | null;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
