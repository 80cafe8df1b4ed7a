import {
  type CreatorFormOrders,
  type FormOrderStatus,
  type FormOrderView,
  fenToYuan,
  formOrderStatusLabels,
  payProviderLabels,
  productLineText,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentFormOrder } from "../../presenters/form-orders.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { listFormOrders } from "./list.ts";
import { refundFormOrder } from "./refund.ts";

/**
 * 商品 orders for the creator (issue #41): the 订单管理 tab's list with its totals, refunds (full or partial,
 * through the provider that was paid, from the owner's wallet), and the orders as a spreadsheet. Seeing and
 * exporting: who sees the results; refunding: who manages the responses (owner and 管理员).
 */

/** `questionary/formOrders`: the questionnaire's orders, newest first, with the totals of the paid ones. */
export async function questionnaireFormOrders(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; status?: FormOrderStatus | undefined; pageNum: number; pageSize: number },
): Promise<CreatorFormOrders> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "results");
  return listFormOrders(
    ctx,
    { id: row.ownerId },
    {
      questionnaireId: row.id,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
      ...(input.status ? { status: input.status } : {}),
    },
  );
}

/** `questionary/refundFormOrder`: gives money back to the payer from the owner's wallet. */
export async function refundAsCreator(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; orderNo: string; amountFen: number; reason: string },
): Promise<FormOrderView> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  const order = await ctx.db
    .selectFrom("form_orders")
    .select("questionnaireId")
    .where("orderNo", "=", input.orderNo)
    .executeTakeFirst();
  // Another questionnaire's order reads as unknown here, whoever owns it.
  if (!order || order.questionnaireId !== row.id) throw new NotFoundError("formOrderNotFound");
  await refundFormOrder(ctx, { id: row.ownerId }, input);
  const refunded = await ctx.db
    .selectFrom("form_orders")
    .selectAll()
    .where("orderNo", "=", input.orderNo)
    .executeTakeFirstOrThrow();
  return presentFormOrder(refunded);
}

export const FORM_ORDER_EXPORT_HEADERS = [
  "订单号",
  "答卷编号",
  "商品",
  "金额（元）",
  "平台服务费（元）",
  "已退款（元）",
  "状态",
  "支付方式",
  "下单时间",
  "支付时间",
] as const;

/** How many orders one export holds (a questionnaire's orders are far fewer in practice). */
const EXPORT_MAX = 50_000;

/** `questionary/exportFormOrders`: every order of the questionnaire as 订单.xlsx, newest first. */
export async function exportFormOrders(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number },
): Promise<{ fileName: string; body: Buffer }> {
  const row = await loadQuestionnaire(ctx.db, viewer, input.id, "export");
  const orders = await ctx.db
    .selectFrom("form_orders")
    .selectAll()
    .where("questionnaireId", "=", row.id)
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(EXPORT_MAX)
    .execute();
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("订单");
  sheet.addRow([...FORM_ORDER_EXPORT_HEADERS]);
  sheet.getRow(1).font = { bold: true };
  for (const order of orders.map(presentFormOrder)) {
    sheet.addRow([
      order.orderNo,
      order.responseId ?? "",
      order.lines.map(productLineText).join("；"),
      // Numbers, so a spreadsheet sums them; the text of fenToYuan is exact to the fen.
      Number(fenToYuan(order.totalFen)),
      Number(fenToYuan(order.feeFen)),
      Number(fenToYuan(order.refundedFen)),
      formOrderStatusLabels[order.status],
      payProviderLabels[order.provider] ?? order.provider,
      order.createdAt,
      order.paidAt,
    ]);
  }
  const widths = [26, 10, 40, 12, 16, 12, 12, 12, 20, 20];
  sheet.columns.forEach((column, i) => {
    column.width = widths[i] ?? 12;
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  return {
    fileName: `${row.title.trim() || "问卷"}-订单.xlsx`,
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
