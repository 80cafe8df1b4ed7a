import { randomInt } from "node:crypto";
import {
  type SampleOrderStatus,
  type SampleOrderView,
  type SampleServiceInfo,
  type SampleTargeting,
  samplePriceFen,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { isSqlite, type Trx, transaction } from "../../db/index.ts";
import type { SampleOrderRow } from "../../db/tables/sample-orders.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import {
  balanceOf,
  InsufficientBalanceError,
  reserve,
  siteKey,
  voidPending,
  walletKey,
} from "../money/ledger.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { presentSampleOrder } from "./present.ts";
import { readSampleRates } from "./rates.ts";

/**
 * The creator's side of sample-service orders (issue #19). Placing an order freezes price × quantity in the
 * buyer's wallet (a ledger hold); the admin's progress posts each accepted response's price from it
 * (admin.ts); cancelling voids what is left, so the unfilled part returns to the wallet exactly once.
 */

export interface SampleOrderInput {
  id: number;
  quantity: number;
  targeting: SampleTargeting;
  note: string;
}

/** "S" + China time to the second + 6 random digits: sortable, readable over the phone. */
function newOrderNo(now: Date): string {
  const stamp = new Date(now.getTime() + 8 * 3600 * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
  return `S${stamp}${randomInt(0, 1_000_000).toString().padStart(6, "0")}`;
}

/** `sampleService/getSampleService`: today's rates and what the wallet can spend. */
export async function sampleServiceInfo(ctx: AppContext, viewer: Viewer): Promise<SampleServiceInfo> {
  const [rates, balance] = await Promise.all([
    readSampleRates(ctx.db),
    balanceOf(ctx.db, walletKey(viewer.user.id)),
  ]);
  return { rates, balanceFen: balance.available };
}

/** `sampleService/addSampleOrder`: an order at today's rates, paid by freezing its total in the wallet. */
export async function placeSampleOrder(
  ctx: AppContext,
  viewer: Viewer,
  input: SampleOrderInput,
): Promise<SampleOrderView> {
  const now = ctx.clock.now();
  const at = iso(now);
  return transaction(ctx.db, async (trx) => {
    const q = await loadQuestionnaire(trx, viewer, input.id, "publish");
    if (q.status !== "published" || q.takenDownAt || q.publishedVersion === null)
      throw new ConflictError("sampleNotPublished", q.kind);
    const rates = await readSampleRates(trx);
    if (input.quantity < rates.minQuantity || input.quantity > rates.maxQuantity)
      throw new InvalidInputError(
        [
          {
            field: "quantity",
            message: `需要的答卷数需为${rates.minQuantity}到${rates.maxQuantity}之间的整数`,
          },
        ],
        "sampleQuantityInvalid",
      );
    const priceFen = samplePriceFen(rates, input.targeting);
    const orderNo = newOrderNo(now);
    const holdId = `sample:${orderNo}`;
    try {
      await reserve(trx, {
        id: holdId,
        debit: walletKey(viewer.user.id),
        credit: siteKey("revenue"),
        amount: priceFen * input.quantity,
        kind: "sample",
        reference: orderNo,
        memo: "样本服务",
        now: at,
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new ConflictError("sampleBalanceInsufficient");
      throw error;
    }
    const row = await trx
      .insertInto("sample_orders")
      .values({
        orderNo,
        userId: viewer.user.id,
        questionnaireId: q.id,
        quantity: input.quantity,
        filled: 0,
        rejected: 0,
        priceFen,
        refundedFen: 0,
        targeting: JSON.stringify(input.targeting),
        note: input.note,
        holdId,
        status: "paid",
        adminNote: "",
        createdAt: at,
        updatedAt: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return presentSampleOrder(row);
  });
}

/** `sampleService/getSampleOrderList`: a questionnaire's orders, newest first, for its team. */
export async function listSampleOrders(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
): Promise<SampleOrderView[]> {
  const q = await loadQuestionnaire(ctx.db, viewer, questionnaireId, "read");
  const rows = await ctx.db
    .selectFrom("sample_orders")
    .selectAll()
    .where("questionnaireId", "=", q.id)
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return rows.map(presentSampleOrder);
}

/** The order row, held for the rest of the transaction on PostgreSQL (SQLite writes one at a time). */
export async function lockSampleOrder(trx: Trx, id: number, questionnaireId?: number) {
  let query = trx.selectFrom("sample_orders").selectAll().where("id", "=", id);
  if (questionnaireId !== undefined) query = query.where("questionnaireId", "=", questionnaireId);
  if (!isSqlite(trx)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError("sampleOrderNotFound");
  if (row.status === "completed" || row.status === "cancelled") throw new ConflictError("sampleOrderClosed");
  return row;
}

/**
 * Ends an open order as cancelled: what is left of the hold returns to the buyer's wallet (once: the void's
 * id is fixed and the status moves only from an open one).
 */
export async function cancelOpenOrder(
  trx: Trx,
  row: SampleOrderRow,
  values: { adminNote?: string; now: string },
): Promise<SampleOrderRow> {
  const refunded = await voidPending(trx, {
    id: `${row.holdId}:void`,
    pendingId: row.holdId,
    now: values.now,
  });
  const open: SampleOrderStatus[] = ["paid", "collecting"];
  const updated = await trx
    .updateTable("sample_orders")
    .set({
      status: "cancelled",
      refundedFen: refunded,
      adminNote: values.adminNote ?? row.adminNote,
      updatedAt: values.now,
    })
    .where("id", "=", row.id)
    .where("status", "in", open)
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new ConflictError("sampleOrderClosed");
  return updated;
}

/** `sampleService/cancelSampleOrder`: the creator stops an open order; the unfilled part is refunded. */
export async function cancelSampleOrder(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; orderId: number },
): Promise<SampleOrderView> {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const q = await loadQuestionnaire(trx, viewer, input.id, "publish");
    const row = await lockSampleOrder(trx, input.orderId, q.id);
    return presentSampleOrder(await cancelOpenOrder(trx, row, { now }));
  });
}
