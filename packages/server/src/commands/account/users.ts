import { iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import type { NewUser, UserRow } from "../../db/tables/users.ts";

export function defaultNickName(phone: string | null): string {
  return phone ? `用户${phone.slice(-4)}` : "新用户";
}

export async function findUserByPhone(db: Db | Trx, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst();
}

export async function insertUser(
  db: Db | Trx,
  now: Date,
  values: Partial<NewUser> & Pick<NewUser, "phone">,
): Promise<UserRow> {
  const at = iso(now);
  return db
    .insertInto("users")
    .values({
      nickName: defaultNickName(values.phone ?? null),
      avatar: "",
      passwordHash: null,
      vipLevel: 0,
      vipStopTime: null,
      isTemplate: 0,
      role: "user",
      status: "active",
      createdAt: at,
      updatedAt: at,
      ...values,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account of a verified phone, created on its first login. */
export async function findOrCreateUserByPhone(trx: Trx, now: Date, phone: string): Promise<UserRow> {
  return (await findUserByPhone(trx, phone)) ?? insertUser(trx, now, { phone });
}
