import { createSession } from "../src/commands/sessions.ts";
import { insertUser } from "../src/commands/users.ts";
import type { NewUser, UserRow } from "../src/db/tables/users.ts";
import { hashPassword } from "../src/security/hashing.ts";
import type { TestContext } from "./helpers.ts";

let phoneSeq = 0;

/** A unique, valid mainland mobile number per call within a test file. */
export function nextPhone(): string {
  phoneSeq += 1;
  return `137${String(10_000_000 + phoneSeq * 7919).slice(-8)}`;
}

export interface BuiltUser {
  user: UserRow;
  token: string;
  password: string | undefined;
}

/** An account (with a logged-in session) built straight in the database, not through the API. */
export async function buildUser(
  t: TestContext,
  values: Partial<NewUser> & { password?: string } = {},
): Promise<BuiltUser> {
  const { password, ...rest } = values;
  const user = await insertUser(t.db, t.clock.now(), {
    phone: nextPhone(),
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
    ...rest,
  });
  const { token } = await createSession(t.db, t.clock, t.config.sessionTtlDays, user, {
    ip: "10.0.0.9",
    userAgent: "vitest",
    fromType: 1,
  });
  return { user, token, password };
}

export function buildAdmin(t: TestContext, values: Partial<NewUser> & { password?: string } = {}) {
  return buildUser(t, { role: "admin", nickName: "管理员", ...values });
}

/** The code the console SMS provider "sent" last to `phone` (read from the outbox, as an admin would). */
export async function latestCode(t: TestContext, phone: string): Promise<string> {
  const row = await t.db
    .selectFrom("sms_outbox")
    .select("code")
    .where("phone", "=", phone)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  if (!row.code) throw new Error(`no code in the outbox for ${phone}`);
  return row.code;
}

/** Row counts of every table, to prove a refused call wrote nothing. */
export async function tableCounts(t: TestContext): Promise<Record<string, number>> {
  const tables = [
    "users",
    "sessions",
    "phone_codes",
    "sms_outbox",
    "login_attempts",
    "external_accounts",
    "other_login_uses",
    "settings",
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await t.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst();
    counts[table] = Number(row?.count ?? 0);
  }
  return counts;
}
