import { spaceRules } from "@wjgj/core";
import { chinaDayStart, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import { balanceOf, pointsKey, siteKey, transfer } from "../money/ledger.ts";

/**
 * Points are ledger accounts (`user:<id>:points`): every movement is a transfer, the balance is the sum
 * of them and the database CHECK keeps it from going below zero. A new account opens with a welcome
 * grant (idempotent by its transfer id), so a first post does not wait for a first answer.
 */
export async function openPoints(trx: Trx, userId: number, now: string): Promise<void> {
  await transfer(trx, {
    id: `points:welcome:${userId}`,
    debit: siteKey("points"),
    credit: pointsKey(userId),
    amount: spaceRules.welcomePoints,
    kind: "points_welcome",
    memo: "互填新用户积分",
    now,
  });
}

export function pointsOf(db: Db | Trx, userId: number) {
  return balanceOf(db, pointsKey(userId));
}

/** Points the user earned from the space since the start of the China day of `now`. */
export async function earnedToday(db: Db | Trx, userId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom("space_earnings")
    .select((eb) => eb.fn.sum<number>("points").as("total"))
    .where("userId", "=", userId)
    .where("createdAt", ">=", iso(chinaDayStart(now)))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
