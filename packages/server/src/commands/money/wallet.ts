import type { WalletView } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type PageInput, pageOrdered } from "../../db/paging.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { paymentsFor } from "../../payments/index.ts";
import { presentWalletRecord } from "../../presenters/money.ts";
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
 * out unless it pays this wallet from another's hold: a paid withdrawal shows once, and the rows shown
 * always add up to the available balance.
 */
export async function listWalletRecords(ctx: AppContext, user: UserRow, input: PageInput) {
  const account = await ctx.db
    .selectFrom("ledger_accounts")
    .select("id")
    .where("key", "=", walletKey(user.id))
    .executeTakeFirst();
  if (!account) return { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
  const base = ctx.db.selectFrom("ledger_transfers").where((eb) =>
    eb.or([
      eb.and([eb("debitAccountId", "=", account.id), eb("phase", "!=", "post_pending")]),
      // Money posted from someone else's hold (a red packet received) does reach this wallet.
      eb.and([eb("creditAccountId", "=", account.id), eb("phase", "in", ["posted", "post_pending"])]),
    ]),
  );
  return pageOrdered(
    base,
    input,
    [
      ["createdAt", "desc"],
      ["id", "desc"],
    ],
    (row) => presentWalletRecord(row, account.id),
  );
}
