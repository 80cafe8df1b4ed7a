import { randomUUID } from "node:crypto";
import type { InvoiceView } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import { type PageInput, pageNewestFirst } from "../../db/paging.ts";
import type { InvoiceRow } from "../../db/tables/money.ts";
import type { UserRow } from "../../db/tables/users.ts";
import { ConflictError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import type { StoredObject } from "../../storage/storage.ts";
import { recordAudit } from "../admin/audit.ts";

/**
 * 发票 (issue #16): the owner of a paid order asks once (title, tax number, e-mail); an admin issues it by
 * attaching the PDF, stored through the upload storage under a server-made key; the owner downloads it
 * from 消费明细. Someone else's order or invoice is "not found", never "not yours".
 */

const MAX_PDF_BYTES = 10 * 1024 * 1024;

function present(row: InvoiceRow, orderNo: string): InvoiceView {
  return {
    id: row.id,
    orderNo,
    title: row.title,
    taxNo: row.taxNo,
    email: row.email,
    status: row.status,
    createdAt: chinaDateTime(row.createdAt),
    issuedAt: chinaDateTime(row.issuedAt),
  };
}

export async function requestInvoice(
  ctx: Pick<AppContext, "db" | "clock">,
  user: UserRow,
  input: { orderNo: string; title: string; taxNo: string; email: string },
) {
  const now = iso(ctx.clock.now());
  return transaction(ctx.db, async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "orderNo"])
      .where("orderNo", "=", input.orderNo)
      .where("userId", "=", user.id)
      .executeTakeFirst();
    if (!order) throw new NotFoundError("orderNotFound");
    if (order.status !== "paid") throw new ConflictError("invoiceOrderNotPaid");
    const row = await trx
      .insertInto("invoices")
      .values({
        orderId: order.id,
        userId: user.id,
        title: input.title,
        taxNo: input.taxNo,
        email: input.email,
        status: "requested",
        fileKey: null,
        fileSize: null,
        issuedBy: null,
        createdAt: now,
        issuedAt: null,
      })
      // One invoice per order: a second request (or a double click) finds the first.
      .onConflict((oc) => oc.column("orderId").doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new ConflictError("invoiceAlreadyRequested");
    return present(row, order.orderNo);
  });
}

/** 发票管理: every request with its order and account, newest first. */
export async function listAdminInvoices(
  ctx: Pick<AppContext, "db">,
  filter: PageInput & { status?: InvoiceRow["status"] | undefined },
) {
  let query = ctx.db.selectFrom("invoices");
  if (filter.status) query = query.where("status", "=", filter.status);
  const page = await pageNewestFirst(query, filter, (row) => row);
  const orderIds = page.list.map((row) => row.orderId);
  const orders = orderIds.length
    ? await ctx.db
        .selectFrom("orders")
        .innerJoin("users", "users.id", "orders.userId")
        .select(["orders.id", "orders.orderNo", "orders.amountFen", "orders.itemName", "users.phone"])
        .where("orders.id", "in", orderIds)
        .execute()
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  return {
    ...page,
    list: page.list.map((row) => {
      const order = byId.get(row.orderId);
      return {
        ...present(row, order?.orderNo ?? ""),
        amountFen: Number(order?.amountFen ?? 0),
        itemName: order?.itemName ?? "",
        phone: order?.phone ?? "",
      };
    }),
  };
}

function isPdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString("latin1") === "%PDF-";
}

/** 开具: the PDF is stored first, then the row points at it (a replaced file is removed afterwards). */
export async function issueInvoice(
  ctx: Pick<AppContext, "db" | "clock" | "storage">,
  admin: Pick<Viewer, "user">,
  input: { id: number; file: { filename: string; data: Buffer } },
) {
  if (input.file.data.length === 0 || input.file.data.length > MAX_PDF_BYTES || !isPdf(input.file.data))
    throw InvalidInputError.field("file", "invoiceFileInvalid");
  const before = await ctx.db
    .selectFrom("invoices")
    .selectAll()
    .where("id", "=", input.id)
    .executeTakeFirst();
  if (!before) throw new NotFoundError("invoiceNotFound");
  const key = `invoices/${before.id}-${randomUUID()}.pdf`;
  await ctx.storage.put(key, input.file.data, { contentType: "application/pdf" });
  const now = iso(ctx.clock.now());
  const after = await transaction(ctx.db, async (trx) => {
    const updated = await trx
      .updateTable("invoices")
      .set({
        status: "issued",
        fileKey: key,
        fileSize: input.file.data.length,
        issuedBy: admin.user.id,
        issuedAt: now,
      })
      .where("id", "=", before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, now, {
      adminId: admin.user.id,
      action: "issueInvoice",
      entity: "invoice",
      entityId: before.id,
      before: present(before, ""),
      after: { ...present(updated, ""), fileName: input.file.filename.slice(0, 100) },
    });
    return updated;
  });
  if (before.fileKey) await ctx.storage.remove(before.fileKey);
  return present(after, "");
}

/** The issued PDF of the caller's own order. */
export async function openInvoiceDownload(
  ctx: Pick<AppContext, "db" | "storage">,
  user: UserRow,
  orderNo: string,
): Promise<StoredObject & { fileName: string }> {
  const row = await ctx.db
    .selectFrom("invoices")
    .innerJoin("orders", "orders.id", "invoices.orderId")
    .select(["invoices.status", "invoices.fileKey"])
    .where("orders.orderNo", "=", orderNo)
    .where("invoices.userId", "=", user.id)
    .executeTakeFirst();
  if (!row) throw new NotFoundError("invoiceNotFound");
  if (row.status !== "issued" || !row.fileKey) throw new ConflictError("invoiceNotIssued");
  const stored = await ctx.storage.open(row.fileKey);
  if (!stored) throw new NotFoundError("invoiceNotFound");
  return { ...stored, fileName: `发票-${orderNo}.pdf` };
}
