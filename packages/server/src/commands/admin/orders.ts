import { ResultCode } from "@wjgj/core";
import { addSeconds, chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Trx, transaction } from "../../db/index.ts";
import { pageNewestFirst } from "../../db/paging.ts";
import type { OrderRow } from "../../db/tables/money.ts";
import { AppError, ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { paymentsFor } from "../../payments/index.ts";
import { presentOrder } from "../../presenters/money.ts";
import { siteKey, transfer, walletKey } from "../money/ledger.ts";
import { effectiveVipLevel, grantMembership } from "../money/membership.ts";
import { settleOrder } from "../money/orders.ts";
import { recordAudit } from "./audit.ts";

/** The admin console's 订单管理 (issue #16): search, confirm a bank transfer, refund, grant a level. */

export interface AdminOrderFilter {
  pageNum: number;
  pageSize: number;
  orderNo?: string | undefined;
  phone?: string | undefined;
  status?: OrderRow["status"] | undefined;
  provider?: string | undefined;
}

export async function listAdminOrders(ctx: AppContext, filter: AdminOrderFilter) {
  let query = ctx.db.selectFrom("orders");
  if (filter.orderNo) query = query.where("orderNo", "like", `%${filter.orderNo}%`);
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.provider) query = query.where("provider", "=", filter.provider);
  if (filter.phone) {
    const phone = filter.phone;
    query = query.where("userId", "in", (eb) =>
      eb.selectFrom("users").select("id").where("phone", "like", `%${phone}%`),
    );
  }
  const page = await pageNewestFirst(query, filter, (row) => row);
  const userIds = [...new Set(page.list.map((row) => row.userId))];
  const users = userIds.length
    ? await ctx.db
        .selectFrom("users")
        .select(["id", "phone", "nickName"])
        .where("id", "in", userIds)
        .execute()
    : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  return {
    ...page,
    list: page.list.map((row) => ({
      ...presentOrder(row),
      // The console's tables key their rows by id.
      id: row.id,
      tradeNo: row.tradeNo,
      userId: row.userId,
      phone: byId.get(row.userId)?.phone ?? "",
      nickName: byId.get(row.userId)?.nickName ?? "",
    })),
  };
}

async function orderByNo(trx: Trx | AppContext["db"], orderNo: string): Promise<OrderRow> {
  const order = await trx.selectFrom("orders").selectAll().where("orderNo", "=", orderNo).executeTakeFirst();
  if (!order) throw new NotFoundError("orderNotFound");
  return order;
}

/** 确认收款: the money of a 对公转账 order arrived; the order is delivered once, like any payment. */
export async function confirmTransfer(
  ctx: AppContext,
  admin: Viewer,
  input: { orderNo: string; bankSerial: string },
) {
  const now = ctx.clock.now();
  return transaction(ctx.db, async (trx) => {
    const order = await orderByNo(trx, input.orderNo);
    if (order.status !== "pending" || order.provider !== "transfer")
      throw new ConflictError("orderNotPending");
    const settled = await settleOrder(trx, order, { provider: "transfer", tradeNo: input.bankSerial }, now);
    if (!settled) throw new ConflictError("orderNotPending");
    const after = await orderByNo(trx, input.orderNo);
    await recordAudit(trx, iso(now), {
      adminId: admin.user.id,
      action: "confirmTransfer",
      entity: "order",
      entityId: order.orderNo,
      before: presentOrder(order),
      after: { ...presentOrder(after), bankSerial: input.bankSerial },
    });
    return presentOrder(after);
  });
}

/** A refunded membership loses the days it bought (never more than are left). */
async function takeBackMembership(trx: Trx, order: OrderRow, now: Date): Promise<void> {
  if (order.itemKind !== "vip" || !order.vipLevel || !order.vipDays) return;
  const user = await trx
    .selectFrom("users")
    .selectAll()
    .where("id", "=", order.userId)
    .executeTakeFirstOrThrow();
  if (effectiveVipLevel(user, now) !== order.vipLevel || !user.vipStopTime) return;
  const stop = addSeconds(new Date(user.vipStopTime), -order.vipDays * 86_400);
  const lapsed = stop.getTime() <= now.getTime();
  await trx
    .updateTable("users")
    .set({
      vipLevel: lapsed ? 0 : user.vipLevel,
      vipStopTime: lapsed ? null : iso(stop),
      updatedAt: iso(now),
    })
    .where("id", "=", user.id)
    .execute();
}

/**
 * 退款: to the wallet (a membership's price comes back as balance) or back through the provider that took
 * the money. The ledger and the order change first, in one transaction; a provider that then refuses
 * is undone by a reversing transfer, so the ledger stays append-only.
 */
export async function refundOrder(
  ctx: AppContext,
  admin: Viewer,
  input: { orderNo: string; to: "wallet" | "provider"; reason: string },
) {
  const now = ctx.clock.now();
  const at = iso(now);
  const order = await orderByNo(ctx.db, input.orderNo);
  if (order.status !== "paid") throw new ConflictError("orderNotRefundable");
  const provider = input.to === "provider" ? paymentsFor(ctx).providers.get(order.provider) : undefined;
  if (input.to === "provider" && !provider?.refund)
    throw new AppError(ResultCode.conflict, "refundNoProvider");
  if (input.to === "wallet" && order.itemKind === "recharge")
    throw InvalidInputError.field("to", "refundNoProvider");
  // Where the refunded money leaves from, and where it goes.
  const from = order.itemKind === "recharge" ? walletKey(order.userId) : siteKey("revenue");
  const to = input.to === "wallet" ? walletKey(order.userId) : siteKey("payments");
  const refundId = `refund:${order.orderNo}`;
  await transaction(ctx.db, async (trx) => {
    const updated = await trx
      .updateTable("orders")
      .set({ status: "refunded", updatedAt: at })
      .where("id", "=", order.id)
      .where("status", "=", "paid")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new ConflictError("orderNotRefundable");
    const base = { amount: Number(order.amountFen), reference: order.orderNo, now: at };
    await transfer(trx, {
      ...base,
      id: refundId,
      debit: from,
      credit: to,
      kind: "refund",
      memo: input.reason.slice(0, 100),
    });
    await takeBackMembership(trx, order, now);
    await recordAudit(trx, at, {
      adminId: admin.user.id,
      action: "refund",
      entity: "order",
      entityId: order.orderNo,
      before: presentOrder(order),
      after: { ...presentOrder({ ...order, status: "refunded" }), to: input.to, reason: input.reason },
    });
  });
  if (provider?.refund) {
    try {
      await provider.refund({
        orderNo: order.orderNo,
        refundNo: `R${order.orderNo}`,
        tradeNo: order.tradeNo,
        amountFen: Number(order.amountFen),
        totalFen: Number(order.amountFen),
        reason: input.reason,
      });
    } catch (error) {
      await transaction(ctx.db, async (trx) => {
        await transfer(trx, {
          id: `${refundId}:undo`,
          debit: to,
          credit: from,
          amount: Number(order.amountFen),
          kind: "refund_undo",
          reference: order.orderNo,
          now: iso(ctx.clock.now()),
        });
        await trx.updateTable("orders").set({ status: "paid" }).where("id", "=", order.id).execute();
      });
      throw error;
    }
  }
  return presentOrder(await orderByNo(ctx.db, order.orderNo));
}

/** 手动开通: an admin gives a level for some days, with the reason in the audit log. */
export async function grantLevel(
  ctx: AppContext,
  admin: Viewer,
  input: { userId: number; vipLevel: number; days: number; reason: string },
) {
  const now = ctx.clock.now();
  return transaction(ctx.db, async (trx) => {
    const before = await trx
      .selectFrom("users")
      .select(["id", "vipLevel", "vipStopTime"])
      .where("id", "=", input.userId)
      .executeTakeFirst();
    if (!before) throw new NotFoundError("userNotFound");
    await grantMembership(trx, input.userId, input.vipLevel, input.days, now);
    const after = await trx
      .selectFrom("users")
      .select(["vipLevel", "vipStopTime"])
      .where("id", "=", input.userId)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, iso(now), {
      adminId: admin.user.id,
      action: "grantLevel",
      entity: "user",
      entityId: input.userId,
      before: { vipLevel: before.vipLevel, vipStopTime: before.vipStopTime },
      after: { ...after, days: input.days, reason: input.reason },
    });
    return { vipLevel: after.vipLevel, vipStopTime: chinaDateTime(after.vipStopTime) };
  });
}
