import { type SampleOrderStatus, type SampleOrderView, type SampleRates, sampleSource } from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, type Trx, transaction } from "../../db/index.ts";
import { type PageInput, pageNewestFirst } from "../../db/paging.ts";
import type { SampleOrderRow } from "../../db/tables/sample-orders.ts";
import { ConflictError } from "../../errors.ts";
import { type AuditAction, recordAudit } from "../admin/audit.ts";
import { postPending } from "../money/ledger.ts";
import { cancelOpenOrder, lockSampleOrder } from "./orders.ts";
import { presentSampleOrder } from "./present.ts";
import { readSampleRates, writeSampleRates } from "./rates.ts";

/**
 * The admin console's side of sample-service orders: 更新进度 records how many valid responses were
 * accepted and how many were rejected; each newly accepted one is charged from the order's hold (rejected
 * ones never are). 取消订单 refunds the unfilled part. Every change is audited.
 */

export interface AdminSampleOrder extends SampleOrderView {
  title: string;
  /** The order's link is /r/{publicId}?source=sample. */
  publicId: string;
  phone: string;
  /** Responses that came in through the order's link (source 样本服务) since it was placed. */
  arrived: number;
}

export interface AdminSampleFilter extends PageInput {
  status?: SampleOrderStatus | undefined;
  phone?: string | undefined;
}

async function arrivedCounts(db: Db, rows: SampleOrderRow[]) {
  const counts = new Map<number, number>();
  for (const row of rows) {
    const found = await db
      .selectFrom("responses")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("questionnaireId", "=", row.questionnaireId)
      .where("source", "=", sampleSource)
      .where("submittedAt", ">=", row.createdAt)
      .executeTakeFirst();
    counts.set(row.id, Number(found?.n ?? 0));
  }
  return counts;
}

/** 样本订单: every order with its questionnaire and buyer, newest first. */
export async function listAdminSampleOrders(ctx: Pick<AppContext, "db">, filter: AdminSampleFilter) {
  let query = ctx.db.selectFrom("sample_orders");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.phone) {
    const phone = filter.phone;
    query = query.where("userId", "in", (eb) =>
      eb.selectFrom("users").select("id").where("phone", "like", `%${phone}%`),
    );
  }
  const page = await pageNewestFirst(query, filter, (row: SampleOrderRow) => row);
  const [users, questionnaires, arrived] = await Promise.all([
    lookup(
      ctx.db,
      "users",
      page.list.map((row) => row.userId),
    ),
    lookup(
      ctx.db,
      "questionnaires",
      page.list.map((row) => row.questionnaireId),
    ),
    arrivedCounts(ctx.db, page.list),
  ]);
  return {
    ...page,
    list: page.list.map(
      (row): AdminSampleOrder => ({
        ...presentSampleOrder(row),
        title: questionnaires.get(row.questionnaireId)?.title ?? "",
        publicId: questionnaires.get(row.questionnaireId)?.publicId ?? "",
        phone: users.get(row.userId)?.phone ?? "",
        arrived: arrived.get(row.id) ?? 0,
      }),
    ),
  };
}

async function lookup(db: Db, table: "users" | "questionnaires", ids: number[]) {
  const unique = [...new Set(ids)];
  const out = new Map<number, { phone?: string | null; title?: string; publicId?: string }>();
  if (unique.length === 0) return out;
  if (table === "users") {
    const rows = await db.selectFrom("users").select(["id", "phone"]).where("id", "in", unique).execute();
    for (const row of rows) out.set(row.id, { phone: row.phone });
  } else {
    const rows = await db
      .selectFrom("questionnaires")
      .select(["id", "title", "publicId"])
      .where("id", "in", unique)
      .execute();
    for (const row of rows) out.set(row.id, { title: row.title, publicId: row.publicId });
  }
  return out;
}

/**
 * 更新进度: the cumulative counts of accepted and rejected responses. Counts only grow; the newly accepted
 * ones are charged (the transfer's id names the new total, so a retry charges nothing twice); reaching the
 * ordered quantity completes the order.
 */
export async function updateSampleProgress(
  ctx: Pick<AppContext, "db" | "clock">,
  adminId: number,
  input: { id: number; filled: number; rejected: number; note: string },
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const row = await lockSampleOrder(trx, input.id);
    if (input.filled < row.filled || input.filled > row.quantity || input.rejected < row.rejected)
      throw new ConflictError("sampleProgressInvalid");
    const added = input.filled - row.filled;
    if (added > 0)
      await postPending(trx, {
        id: `${row.holdId}:filled:${input.filled}`,
        pendingId: row.holdId,
        amount: added * Number(row.priceFen),
        kind: "sample",
        memo: `样本服务：有效答卷${added}份`,
        now,
      });
    const updated = await trx
      .updateTable("sample_orders")
      .set({
        filled: input.filled,
        rejected: input.rejected,
        status: input.filled === row.quantity ? "completed" : "collecting",
        adminNote: input.note || row.adminNote,
        updatedAt: now,
      })
      .where("id", "=", row.id)
      .where("filled", "=", row.filled)
      .where("status", "in", ["paid", "collecting"])
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new ConflictError("sampleOrderClosed");
    await audit(trx, adminId, "updateProgress", row, updated, now);
    return presentSampleOrder(updated);
  });
}

/** 取消订单 by the admin (e.g. the targeting cannot be met): the unfilled part returns to the buyer. */
export async function cancelSampleOrderByAdmin(
  ctx: Pick<AppContext, "db" | "clock">,
  adminId: number,
  input: { id: number; reason: string },
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const row = await lockSampleOrder(trx, input.id);
    const updated = await cancelOpenOrder(trx, row, { adminNote: input.reason, now });
    await audit(trx, adminId, "cancel", row, updated, now);
    return presentSampleOrder(updated);
  });
}

function audit(
  trx: Trx,
  adminId: number,
  action: AuditAction,
  before: SampleOrderRow,
  after: SampleOrderRow,
  now: string,
) {
  return recordAudit(trx, now, {
    adminId,
    action,
    entity: "sampleOrder",
    entityId: before.id,
    before: presentSampleOrder(before),
    after: presentSampleOrder(after),
  });
}

/** 样本服务价格 (admin): read, and saved with an audit row. */
export function readRatesForAdmin(ctx: Pick<AppContext, "db">): Promise<SampleRates> {
  return readSampleRates(ctx.db);
}

export async function saveSampleRates(
  ctx: Pick<AppContext, "db" | "clock">,
  adminId: number,
  rates: SampleRates,
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const before = await readSampleRates(trx);
    await writeSampleRates(trx, rates, now);
    await recordAudit(trx, now, {
      adminId,
      action: "save",
      entity: "settings",
      entityId: "samples",
      before,
      after: rates,
    });
    return rates;
  });
}
