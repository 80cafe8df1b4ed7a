import { addSeconds, type Clock, iso } from "../clock.ts";
import { findUserByPhone, insertUser } from "../commands/account/users.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/index.ts";
import { hashPassword, newPassword } from "../security/hashing.ts";

export const DEFAULT_ADMIN_PHONE = "13800000000";

export interface Credential {
  label: string;
  phone: string;
  password: string;
}

/**
 * Makes sure an admin exists. ADMIN_PHONE/ADMIN_PASSWORD, when set, are the source of truth (the
 * password is reset to match); otherwise the first start generates a password and reports it once.
 */
export async function ensureAdmin(db: Db, clock: Clock, config: Config): Promise<Credential | null> {
  const phone = config.adminPhone ?? DEFAULT_ADMIN_PHONE;
  const existing = await findUserByPhone(db, phone);
  const anyAdmin = await db.selectFrom("users").select("id").where("role", "=", "admin").executeTakeFirst();
  if (!config.adminPassword && (existing?.role === "admin" || (anyAdmin && !config.adminPhone))) return null;

  const password = config.adminPassword ?? newPassword();
  const passwordHash = await hashPassword(password, config.passwordHashCost);
  const now = iso(clock.now());
  if (existing) {
    await db
      .updateTable("users")
      .set({ role: "admin", status: "active", passwordHash, updatedAt: now })
      .where("id", "=", existing.id)
      .execute();
  } else {
    await insertUser(db, clock.now(), { phone, nickName: "管理员", role: "admin", passwordHash });
  }
  return { label: "管理员", phone, password: config.adminPassword ? "（ADMIN_PASSWORD 的值）" : password };
}

export const DEMO_PASSWORD = "demo1234";

const demoAccounts = [
  { label: "演示用户（个人版）", phone: "13900000001", nickName: "演示用户", vipLevel: 0 },
  { label: "演示会员（vipLevel 2）", phone: "13900000002", nickName: "演示会员", vipLevel: 2 },
] as const;

/**
 * Demo accounts, created only on an empty database; their credentials are printed on every start. `cost`: the
 * password hash's (config `passwordHashCost`).
 */
export async function seedDemoAccounts(
  db: Db,
  clock: Clock,
  empty: boolean,
  cost: number,
): Promise<Credential[]> {
  if (empty) {
    const passwordHash = await hashPassword(DEMO_PASSWORD, cost);
    for (const account of demoAccounts) {
      if (await findUserByPhone(db, account.phone)) continue;
      await insertUser(db, clock.now(), {
        phone: account.phone,
        nickName: account.nickName,
        vipLevel: account.vipLevel,
        vipStopTime: account.vipLevel ? iso(addSeconds(clock.now(), 365 * 86_400)) : null,
        passwordHash,
      });
    }
  }
  const present = await Promise.all(demoAccounts.map((a) => findUserByPhone(db, a.phone)));
  return demoAccounts
    .filter((_, i) => present[i])
    .map((a) => ({ label: a.label, phone: a.phone, password: DEMO_PASSWORD }));
}
