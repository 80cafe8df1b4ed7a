import type {
  ProductAnswer,
  ProductConfig,
  ReceiptFormOrder,
  SubmittedFormOrder,
  SurveyDefinition,
} from "@wjgj/core";
import { formOrderStatusLabels, type PricedLine } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Db, Trx } from "../../db/index.ts";
import type { FormOrderRow } from "../../db/tables/form-orders.ts";
import { paymentsFor } from "../../payments/index.ts";
import { questionsOfType } from "../answering/typed-questions.ts";
import { reserveFormOrder } from "./create.ts";

/**
 * 商品 answers of a submit (issue #41): the response that buys is stored as 无效 (not counted) with its pending
 * order in one transaction — the stock reserved right after the response row, so a product sold out stores
 * neither — and counts once the order is paid (pay.ts makes it valid in the payment's transaction).
 */
export interface FormOrderPlan {
  questionnaireId: number;
  ownerId: number;
  questionId: string;
  config: ProductConfig;
  answer: ProductAnswer;
  buyerKey: string;
  feeRateBasisPoints: number;
}

/** The 商品 question the (validated) answers buy from, or null (none, or nothing chosen). */
export function productAnswerOf(
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
): { questionId: string; config: ProductConfig; answer: ProductAnswer } | null {
  for (const question of questionsOfType(definition, "product")) {
    const answer = answers[question.id] as ProductAnswer | undefined;
    if (!answer || answer.lines.length === 0) continue;
    // checkDefinition allows one 商品题 per questionnaire: the first that buys is the order.
    return { questionId: question.id, config: question.config, answer };
  }
  return null;
}

/** Places the planned order for the stored response, inside the submit's transaction. */
export async function placeOrderOf(
  trx: Trx,
  plan: FormOrderPlan,
  responseId: number,
  now: Date,
): Promise<SubmittedFormOrder> {
  const order = await reserveFormOrder(trx, now, { ...plan, responseId });
  return submittedOrder(order);
}

export function submittedOrder(order: FormOrderRow): SubmittedFormOrder {
  return {
    orderNo: order.orderNo,
    totalFen: Number(order.totalFen),
    status: order.status,
    expiresAt: chinaDateTime(order.expiresAt),
  };
}

/** The order a response placed (newest first; a response places one), for a repeated submit and the receipt. */
export async function ordersOfResponse(db: Db | Trx, responseId: number): Promise<FormOrderRow[]> {
  return db
    .selectFrom("form_orders")
    .selectAll()
    .where("responseId", "=", responseId)
    .orderBy("id", "desc")
    .execute();
}

/** The order as its buyer sees it: lines, state, and how it can be paid now. */
export function receiptOrder(
  ctx: Pick<AppContext, "config" | "clock">,
  order: FormOrderRow,
): ReceiptFormOrder {
  const payable = order.status === "pending" && order.expiresAt > iso(ctx.clock.now());
  return {
    orderNo: order.orderNo,
    questionId: order.questionId,
    lines: JSON.parse(order.lines) as PricedLine[],
    totalFen: Number(order.totalFen),
    refundedFen: Number(order.refundedFen),
    status: order.status,
    statusLabel: formOrderStatusLabels[order.status],
    createdAt: chinaDateTime(order.createdAt),
    expiresAt: chinaDateTime(order.expiresAt),
    paidAt: chinaDateTime(order.paidAt),
    payable,
    providers: payable
      ? [...paymentsFor(ctx).providers.values()].map((provider) => ({
          name: provider.name,
          label: provider.label,
        }))
      : [],
  };
}
