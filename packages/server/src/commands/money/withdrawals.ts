import { randomUUID } from "node:crypto";
import type { WithdrawalChannel } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import { type Page, type PageInput, pageNewestFirst } from "../../db/paging.ts";
import type { WithdrawalRow, WithdrawalStatus } from "../../db/tables/money.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { ConflictError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentWithdrawal } from "../../presenters/money.ts";
import { type AuditAction, recordAudit } from "../admin/audit.ts";
import { InsufficientBalanceError, postPending, reserve, siteKey, voidPending, walletKey } from "./ledger.ts";

/**
 * Withdrawal requests (issue #16). Asking freezes the amount in the wallet (a ledger hold), so it cannot
 * be spent twice while an admin looks at it; 确认打款 posts the hold to the site's withdrawals account (the
 * money left for the payee's account, paid by hand); 驳回 or the user's 撤销 voids it (the money is
 * available again). A decision changes the row only while it is pending, in the same transaction as the
 * ledger, so two admins clicking at once decide it once.
 */

export interface WithdrawalInput {
  amountFen: number;
  channel: WithdrawalChannel;
  accountName: string;
  accountNo: string;
  bankName: string;
}

export async function requestWithdrawal(
  ctx: Pick<AppContext, "db" | "clock">,
  user: UserRow,
  input: WithdrawalInput,
) {
  const now = iso(ctx.clock.now());
  const holdId = `withdrawal:${randomUUID()}`;
  const row = await transaction(ctx.db, async (trx) => {
    try {
      await reserve(trx, {
        id: holdId,
        debit: walletKey(user.id),
        credit: siteKey("withdrawals"),
        amount: input.amountFen,
        kind: "withdrawal",
        memo: "提现申请冻结",
        now,
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new ConflictError("withdrawalExceedsBalance");
      throw error;
    }
    return trx
      .insertInto("withdrawals")
      .values({
        userId: user.id,
        amountFen: input.amountFen,
        channel: input.channel,
        accountName: input.accountName,
        accountNo: input.accountNo,
        bankName: input.channel === "bank" ? input.bankName : "",
        holdId,
        status: "pending",
        adminNote: "",
        reviewedBy: null,
        createdAt: now,
        reviewedAt: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return presentWithdrawal(row, { fullAccount: false });
}

/** The caller's own requests, newest first: another account's are never in the query. */
export function listMyWithdrawals(ctx: Pick<AppContext, "db">, user: UserRow, input: PageInput) {
  return pageNewestFirst(
    ctx.db.selectFrom("withdrawals").where("userId", "=", user.id),
    input,
    (row: WithdrawalRow) => presentWithdrawal(row, { fullAccount: false }),
  );
}

async function lockPending(trx: Trx, id: number, userId?: number): Promise<WithdrawalRow> {
  let query = trx.selectFrom("withdrawals").selectAll().where("id", "=", id);
  // The user's own cancel: someone else's request is "not found", never "not yours".
  if (userId !== undefined) query = query.where("userId", "=", userId);
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError("withdrawalNotFound");
  return row;
}

/** Moves a pending request to `status`; false when another decision got there first. */
async function decide(
  trx: Trx,
  row: WithdrawalRow,
  status: Exclude<WithdrawalStatus, "pending">,
  values: { adminNote?: string; reviewedBy: number | null; now: string },
): Promise<WithdrawalRow> {
  const updated = await trx
    .updateTable("withdrawals")
    .set({
      status,
      adminNote: values.adminNote ?? row.adminNote,
      reviewedBy: values.reviewedBy,
      reviewedAt: values.now,
    })
    .where("id", "=", row.id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ConflictError("withdrawalNotPending");
  return updated;
}

/** 撤销: the owner takes back a request nobody has decided yet; the frozen amount is available again. */
export async function cancelWithdrawal(ctx: Pick<AppContext, "db" | "clock">, user: UserRow, id: number) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const row = await lockPending(trx, id, user.id);
    const after = await decide(trx, row, "cancelled", { reviewedBy: null, now });
    await voidPending(trx, { id: `${row.holdId}:void`, pendingId: row.holdId, now });
    return presentWithdrawal(after, { fullAccount: false });
  });
}

export interface AdminWithdrawalFilter extends PageInput {
  status?: WithdrawalStatus | undefined;
  phone?: string | undefined;
}

/** 提现管理: every request with its account's phone and nickname, newest first. */
export async function listAdminWithdrawals(ctx: Pick<AppContext, "db">, filter: AdminWithdrawalFilter) {
  let query = ctx.db.selectFrom("withdrawals");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.phone) {
    const phone = filter.phone;
    query = query.where("userId", "in", (eb) =>
      eb.selectFrom("users").select("id").where("phone", "like", `%${phone}%`),
    );
  }
  const page: Page<WithdrawalRow> = await pageNewestFirst(query, filter, (row) => row);
  const users = await usersOf(
    ctx.db,
    page.list.map((row) => row.userId),
  );
  return {
    ...page,
    list: page.list.map((row) => ({
      ...presentWithdrawal(row, { fullAccount: true }),
      userId: row.userId,
      phone: users.get(row.userId)?.phone ?? "",
      nickName: users.get(row.userId)?.nickName ?? "",
    })),
  };
}

async function usersOf(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, { phone: string | null; nickName: string }>();
  const rows = await db
    .selectFrom("users")
    .select(["id", "phone", "nickName"])
    .where("id", "in", unique)
    .execute();
  return new Map(rows.map((u) => [u.id, u]));
}

type Admin = Pick<Viewer, "user">;

/** 确认打款: the admin paid the payee by hand; the frozen amount leaves the wallet for good. */
export async function approveWithdrawal(
  ctx: Pick<AppContext, "db" | "clock">,
  admin: Admin,
  input: { id: number; note: string },
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const row = await lockPending(trx, input.id);
    const after = await decide(trx, row, "paid", { adminNote: input.note, reviewedBy: admin.user.id, now });
    await postPending(trx, {
      id: `${row.holdId}:post`,
      pendingId: row.holdId,
      amount: Number(row.amountFen),
      kind: "withdrawal",
      memo: "提现打款",
      now,
    });
    await audit(trx, admin, "approveWithdrawal", row, after, now);
    return presentWithdrawal(after, { fullAccount: true });
  });
}

/** 驳回: refused with a reason the user reads; the frozen amount goes back to the available balance. */
export async function rejectWithdrawal(
  ctx: Pick<AppContext, "db" | "clock">,
  admin: Admin,
  input: { id: number; reason: string },
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const row = await lockPending(trx, input.id);
    const after = await decide(trx, row, "rejected", {
      adminNote: input.reason,
      reviewedBy: admin.user.id,
      now,
    });
    await voidPending(trx, { id: `${row.holdId}:void`, pendingId: row.holdId, now });
    await audit(trx, admin, "rejectWithdrawal", row, after, now);
    return presentWithdrawal(after, { fullAccount: true });
  });
}

function audit(
  trx: Trx,
  admin: Admin,
  action: AuditAction,
  before: WithdrawalRow,
  after: WithdrawalRow,
  now: string,
) {
  return recordAudit(trx, now, {
    adminId: admin.user.id,
    action,
    entity: "withdrawal",
    entityId: before.id,
    before: presentWithdrawal(before, { fullAccount: true }),
    after: presentWithdrawal(after, { fullAccount: true }),
  });
}
