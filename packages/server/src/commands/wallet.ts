import type { ConsumptionView, OrderKind, WalletView } from "@wjgj/core";
import { chinaDayStart, iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import { toCount } from "../db/index.ts";
import type { Page, PageInput } from "../db/paging.ts";
import type { UserRow } from "../db/tables/users.ts";
import { paymentsFor } from "../payments/index.ts";
import { presentOrder, presentWalletRecord } from "../presenters/money.ts";
import { readBankInfo } from "./bank-info.ts";
import { balanceOf, walletKey } from "./ledger.ts";

/** The wallet page's head: what may be spent, what is frozen, and how one can pay. */
export async function walletOf(ctx: AppContext, user: UserRow): Promise<WalletView> {
  const [balance, bank] = await Promise.all([balanceOf(ctx.db, walletKey(user.id)), readBankInfo(ctx.db)]);
  const providers = [...paymentsFor(ctx).providers.values()].map((p) => ({ name: p.name, label: p.label }));
  // 对公转账 is offered once the admin saved the site's bank account (payOrder refuses it before).
  if (bank.accountNo) providers.push({ name: "transfer", label: "对公转账" });
  return { availableFen: balance.available, frozenFen: balance.frozen, providers };
}

/**
 * Every movement of the wallet's available money, newest first. A hold takes the money when it is made
 * (提现冻结, a red packet's budget); posting the hold later moves nothing available, so that row is left
 * out: a paid withdrawal shows once, and the rows shown always add up to the available balance.
 */
export async function listWalletRecords(ctx: AppContext, user: UserRow, input: PageInput) {
  const account = await ctx.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", walletKey(user.id))
    .executeTakeFirst();
  if (!account) return { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  const base = ctx.db
    .selectFrom("ledger_transfers")
    .where((eb) => eb.or([eb("debitAccountId", "=", account.id), eb("creditAccountId", "=", account.id)]))
    .where("phase", "!=", "post_pending");
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    base
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return {
    list: rows.map((row) => presentWalletRecord(row, account.id)),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

const CHINA_DAY = (date: string) => chinaDayStart(new Date(`${date}T12:00:00+08:00`));

/** `user/accountConsumption`: the account's orders, newest first, by China-time date range and kind. */
export async function listConsumption(
  ctx: AppContext,
  user: UserRow,
  input: PageInput & {
    startDate?: string | undefined;
    endDate?: string | undefined;
    type?: OrderKind | undefined;
  },
): Promise<Page<ConsumptionView>> {
  let base = ctx.db.selectFrom("orders").where("userId", "=", user.id);
  if (input.startDate) base = base.where("createdAt", ">=", iso(CHINA_DAY(input.startDate)));
  if (input.endDate) {
    const end = new Date(CHINA_DAY(input.endDate).getTime() + 86_400_000);
    base = base.where("createdAt", "<", iso(end));
  }
  if (input.type) base = base.where("itemKind", "=", input.type);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    base
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const invoices = rows.length
    ? await ctx.db
        .selectFrom("invoices")
        .select(["orderId", "status"])
        .where(
          "orderId",
          "in",
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const invoiceOf = new Map(invoices.map((i) => [i.orderId, i.status]));
  return {
    list: rows.map((row) => ({ ...presentOrder(row), invoiceStatus: invoiceOf.get(row.id) ?? null })),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}
