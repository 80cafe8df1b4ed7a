import { z } from "zod";
import { formProductMessages } from "./form-product-messages.ts";
import { fenToYuan } from "./money.ts";
import { fillPlaceholders } from "./placeholders.ts";

/**
 * 商品题 (issue #41): products a form sells, with price in fen, options (尺码, 颜色), stock and a per-person
 * limit. Pure: the answer page prices the running total with these functions and the server prices the order
 * with the same ones, so the two never disagree by a fen. Stock here is per product (all its options share
 * it); the server keeps it exact in `product_stock` (commands/form-orders).
 */

export const PRODUCT_MAX_ITEMS = 100;
/** One order's ceiling: 100 000 元. Bounds every product of prices and quantities far below 2^53. */
export const PRODUCT_ORDER_MAX_FEN = 10_000_000;
export const PRODUCT_MAX_QUANTITY = 9_999;
/** The platform fee's rate is in basis points: 60 = 0.6 %, 10 000 = 100 %. */
export const FEE_RATE_MAX_BASIS_POINTS = 10_000;

export { formProductMessages };
export type FormProductMessageKey = keyof typeof formProductMessages;

/** A message of this module with its `{placeholders}` filled in. */
export function productMessage(
  key: FormProductMessageKey,
  params: Record<string, string | number> = {},
): string {
  return fillPlaceholders(formProductMessages[key], params);
}

const variantSchema = z.object({
  name: z.string().trim().min(1).max(20),
  values: z.array(z.string().trim().min(1).max(30)).max(50),
});

const productItemSchema = z.object({
  id: z.string().min(1).max(40),
  name: z.string().trim().min(1).max(60),
  image: z.string().max(500).optional(),
  priceFen: z.number().int(),
  variants: z.array(variantSchema).max(5).optional(),
  /** Absent: unlimited. */
  stock: z.number().int().min(0).max(10_000_000).optional(),
  perPerson: z.number().int().min(1).max(PRODUCT_MAX_QUANTITY).optional(),
});
export type ProductItem = z.output<typeof productItemSchema>;

export interface ProductConfigIssue {
  code: FormProductMessageKey;
  /** Where in the config, e.g. `items.2.priceFen`. */
  path: string;
  message: string;
}

const issue = (
  code: FormProductMessageKey,
  path: string,
  params?: Record<string, string | number>,
): ProductConfigIssue => ({ code, path, message: productMessage(code, params) });

/** What a creator must fix before the question can be saved or published, in the order of the items. */
export function productConfigIssues(config: {
  items: ReadonlyArray<Pick<ProductItem, "id" | "name" | "priceFen" | "variants">>;
}): ProductConfigIssue[] {
  const out: ProductConfigIssue[] = [];
  if (config.items.length === 0) out.push(issue("productNone", "items"));
  if (config.items.length > PRODUCT_MAX_ITEMS) out.push(issue("productTooMany", "items"));
  const names = new Set<string>();
  const ids = new Set<string>();
  config.items.forEach((item, i) => {
    const name = item.name.trim();
    if (!Number.isSafeInteger(item.priceFen) || item.priceFen <= 0)
      out.push(issue("productPriceInvalid", `items.${i}.priceFen`, { name }));
    else if (item.priceFen > PRODUCT_ORDER_MAX_FEN)
      out.push(issue("productPriceTooHigh", `items.${i}.priceFen`, { name }));
    if (names.has(name)) out.push(issue("productNameDuplicate", `items.${i}.name`, { name }));
    names.add(name);
    if (ids.has(item.id)) out.push(issue("productIdDuplicate", `items.${i}.id`, { name: item.id }));
    ids.add(item.id);
    item.variants?.forEach((variant, j) => {
      if (variant.values.length === 0)
        out.push(
          issue("productVariantEmpty", `items.${i}.variants.${j}.values`, { name, variant: variant.name }),
        );
    });
  });
  return out;
}

/** The 商品题's settings; parsing also applies `productConfigIssues`, so a parsed config can be sold. */
export const productQuestionConfigSchema = z
  .object({
    items: z.array(productItemSchema),
    /** 起购金额: an order below it is refused. */
    minTotalFen: z.number().int().min(1).max(PRODUCT_ORDER_MAX_FEN).optional(),
  })
  .superRefine((config, ctx) => {
    for (const found of productConfigIssues(config)) {
      ctx.addIssue({
        code: "custom",
        path: found.path.split("."),
        message: found.message,
        params: { code: found.code },
      });
    }
  });
export type ProductQuestionConfig = z.output<typeof productQuestionConfigSchema>;

export const productAnswerSchema = z.object({
  lines: z
    .array(
      z.object({
        itemId: z.string().min(1).max(40),
        variant: z.record(z.string().max(20), z.string().max(30)).optional(),
        quantity: z.number().int(),
      }),
    )
    .max(PRODUCT_MAX_ITEMS * 5),
});
export type ProductAnswer = z.output<typeof productAnswerSchema>;

export interface PricedLine {
  itemId: string;
  name: string;
  /** The chosen value of each of the product's options, in the product's option order. */
  variant?: Record<string, string>;
  quantity: number;
  unitPriceFen: number;
  amountFen: number;
}

/** What the answer may not buy: unknown products or options, quantities outside 1…9999 or the per-person limit. */
export function answerIssues(config: ProductQuestionConfig, answer: ProductAnswer): ProductConfigIssue[] {
  const out: ProductConfigIssue[] = [];
  if (answer.lines.length === 0) out.push(issue("productEmptyAnswer", "lines"));
  const byId = new Map(config.items.map((item) => [item.id, item]));
  const perItem = new Map<string, number>();
  answer.lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    if (!item) {
      out.push(issue("productUnknown", `lines.${i}.itemId`));
      return;
    }
    const name = item.name;
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1 || line.quantity > PRODUCT_MAX_QUANTITY) {
      out.push(issue("productQuantityInvalid", `lines.${i}.quantity`, { name }));
    } else {
      perItem.set(item.id, (perItem.get(item.id) ?? 0) + line.quantity);
    }
    for (const variant of item.variants ?? []) {
      const chosen = line.variant?.[variant.name];
      if (chosen === undefined)
        out.push(issue("productVariantMissing", `lines.${i}.variant`, { name, variant: variant.name }));
      else if (!variant.values.includes(chosen))
        out.push(
          issue("productVariantUnknown", `lines.${i}.variant`, {
            name,
            variant: variant.name,
            value: chosen,
          }),
        );
    }
    for (const key of Object.keys(line.variant ?? {})) {
      if (!(item.variants ?? []).some((v) => v.name === key))
        out.push(
          issue("productVariantUnknown", `lines.${i}.variant`, {
            name,
            variant: key,
            value: line.variant?.[key] ?? "",
          }),
        );
    }
  });
  // The limit counts every line of a product together (S and M of one T恤 are two lines of one product).
  for (const item of config.items) {
    const quantity = perItem.get(item.id) ?? 0;
    if (item.perPerson !== undefined && quantity > item.perPerson)
      out.push(issue("productPerPersonExceeded", "lines", { name: item.name, limit: item.perPerson }));
  }
  return out;
}

export type OrderLinesResult =
  | { ok: true; lines: PricedLine[]; totalFen: number }
  | { ok: false; issues: ProductConfigIssue[] };

/**
 * The answer priced: one line per answer line at the product's price, and the total. Integers only; a total
 * above PRODUCT_ORDER_MAX_FEN is refused as soon as it is passed, so no sum ever leaves the safe integers.
 */
export function orderLines(config: ProductQuestionConfig, answer: ProductAnswer): OrderLinesResult {
  const issues = answerIssues(config, answer);
  if (issues.length > 0) return { ok: false, issues };
  const byId = new Map(config.items.map((item) => [item.id, item]));
  const lines: PricedLine[] = [];
  let totalFen = 0;
  for (const line of answer.lines) {
    const item = byId.get(line.itemId) as ProductItem;
    const amountFen = item.priceFen * line.quantity;
    totalFen += amountFen;
    if (amountFen > PRODUCT_ORDER_MAX_FEN || totalFen > PRODUCT_ORDER_MAX_FEN)
      return { ok: false, issues: [issue("productTotalTooLarge", "lines")] };
    const variant = item.variants?.length
      ? Object.fromEntries(item.variants.map((v) => [v.name, line.variant?.[v.name] ?? ""]))
      : undefined;
    lines.push({
      itemId: item.id,
      name: item.name,
      ...(variant ? { variant } : {}),
      quantity: line.quantity,
      unitPriceFen: item.priceFen,
      amountFen,
    });
  }
  if (config.minTotalFen !== undefined && totalFen < config.minTotalFen)
    return { ok: false, issues: [issue("productMinTotal", "lines", { min: fenToYuan(config.minTotalFen) })] };
  return { ok: true, lines, totalFen };
}

/** 「文化衫（尺码：M，颜色：白）×2」: one line of an answer or an order, as every page and export writes it. */
export function productLineText(line: {
  name: string;
  variant?: Readonly<Record<string, string>> | undefined;
  quantity: number;
}): string {
  const options = Object.entries(line.variant ?? {})
    .map(([name, value]) => `${name}：${value}`)
    .join("，");
  return `${line.name}${options ? `（${options}）` : ""}×${line.quantity}`;
}

/** Quantities per product, in product-id order: what one order reserves of each product's stock. */
export function quantitiesByItem(
  lines: ReadonlyArray<Pick<PricedLine, "itemId" | "quantity">>,
): Array<[string, number]> {
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.itemId, (sums.get(line.itemId) ?? 0) + line.quantity);
  return [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function assertFenAndRate(totalFen: number, feeRateBasisPoints: number): void {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0 || totalFen > PRODUCT_ORDER_MAX_FEN)
    throw new RangeError("totalFen must be an integer in 0…PRODUCT_ORDER_MAX_FEN");
  if (
    !Number.isSafeInteger(feeRateBasisPoints) ||
    feeRateBasisPoints < 0 ||
    feeRateBasisPoints > FEE_RATE_MAX_BASIS_POINTS
  )
    throw new RangeError("feeRateBasisPoints must be an integer in 0…10000");
}

/**
 * The platform's fee on an order: total × rate / 10 000, rounded DOWN (a fraction of a fen stays with the
 * creator, never with the platform). The creator's share is `total - fee`, so creator + fee = total exactly.
 */
export function feeFen(totalFen: number, feeRateBasisPoints: number): number {
  assertFenAndRate(totalFen, feeRateBasisPoints);
  return Math.floor((totalFen * feeRateBasisPoints) / FEE_RATE_MAX_BASIS_POINTS);
}

/**
 * The part of the fee a refund gives back: the fee returned after `refundedBeforeFen + refundFen` of the total
 * is refunded, minus what was returned after `refundedBeforeFen`, each rounded down (floor(fee × refunded /
 * total)). Cumulative, so any split of refunds returns the same fee in total, and a full refund returns the
 * whole fee: the creator bears `refund - feeBack` of each refund, the platform `feeBack`.
 */
export function refundFeeBackFen(
  order: { totalFen: number; feeFen: number },
  refundedBeforeFen: number,
  refundFen: number,
): number {
  const { totalFen, feeFen: fee } = order;
  const after = refundedBeforeFen + refundFen;
  if (totalFen <= 0 || refundedBeforeFen < 0 || refundFen <= 0 || after > totalFen || fee > totalFen)
    throw new RangeError("refund outside the order's total");
  const returned = (refunded: number) => Math.floor((fee * refunded) / totalFen);
  return returned(after) - returned(refundedBeforeFen);
}

export type FormOrderStatus =
  | "pending"
  | "paid"
  | "expired"
  | "cancelled"
  | "refunded"
  | "partially_refunded";
export const formOrderStatusLabels: Record<FormOrderStatus, string> = {
  pending: "待支付",
  paid: "已支付",
  expired: "已超时关闭",
  cancelled: "已取消",
  refunded: "已退款",
  partially_refunded: "部分退款",
};

/** A 商品 order as its creator sees it (list and detail); money in fen. */
export interface FormOrderView {
  orderNo: string;
  questionnaireId: number;
  responseId: number | null;
  lines: PricedLine[];
  totalFen: number;
  feeFen: number;
  refundedFen: number;
  status: FormOrderStatus;
  statusLabel: string;
  provider: string;
  createdAt: string;
  expiresAt: string;
  paidAt: string;
}
