import type { ProductAnswer } from "@wjgj/core/api/form-products";
import { isRecord } from "../../lib/values.ts";

// Type-only imports of core's form-products: its module builds zod schemas, which the answer page loads only
// with the logic engine (use-pricing.ts brings the pricing in later, off the hydration path).

/** core's PRODUCT_MAX_QUANTITY: one line's most (the server refuses more). */
export const MAX_QUANTITY = 9_999;

export type ProductLine = ProductAnswer["lines"][number];
export type Choice = Record<string, string>;

/** The answer as the input holds it, whatever arrived (a restored draft, nothing yet). */
export function readAnswer(value: unknown): ProductAnswer {
  if (!isRecord(value) || !Array.isArray(value.lines)) return { lines: [] };
  const lines = value.lines.filter(
    (line): line is ProductLine =>
      isRecord(line) && typeof line.itemId === "string" && typeof line.quantity === "number",
  );
  return { lines };
}

/** Whether a line is the product with exactly these options chosen. */
export function isLineOf(line: ProductLine, itemId: string, choice: Choice): boolean {
  if (line.itemId !== itemId) return false;
  const own = line.variant ?? {};
  const names = new Set([...Object.keys(own), ...Object.keys(choice)]);
  return [...names].every((name) => own[name] === choice[name]);
}

export function quantityOf(answer: ProductAnswer, itemId: string, choice: Choice): number {
  return answer.lines.find((line) => isLineOf(line, itemId, choice))?.quantity ?? 0;
}

/** Every line of a product together (the per-person limit and the stock count them all). */
export function itemQuantity(answer: ProductAnswer, itemId: string): number {
  return answer.lines.reduce((sum, line) => sum + (line.itemId === itemId ? line.quantity : 0), 0);
}

/**
 * The answer with this product-and-options line at `quantity`: a new line at the end, the line changed in
 * place, or removed at 0 (an answer without lines is empty).
 */
export function withQuantity(
  answer: ProductAnswer,
  itemId: string,
  choice: Choice,
  quantity: number,
): ProductAnswer {
  const at = answer.lines.findIndex((line) => isLineOf(line, itemId, choice));
  const lines = [...answer.lines];
  if (quantity <= 0) {
    if (at >= 0) lines.splice(at, 1);
    return { lines };
  }
  const variant = Object.keys(choice).length > 0 ? { variant: { ...choice } } : {};
  const line: ProductLine = { itemId, ...variant, quantity };
  if (at >= 0) lines[at] = line;
  else lines.push(line);
  return { lines };
}

/**
 * The most this line may hold: the per-person limit and the stock left (when known) minus what the product's
 * other lines already take, never above one line's maximum.
 */
export function lineMax(
  item: { id: string; perPerson?: number | undefined },
  left: number | null | undefined,
  answer: ProductAnswer,
  choice: Choice,
): number {
  const others = itemQuantity(answer, item.id) - quantityOf(answer, item.id, choice);
  let max = MAX_QUANTITY;
  if (item.perPerson !== undefined) max = Math.min(max, item.perPerson - others);
  if (left !== null && left !== undefined) max = Math.min(max, left - others);
  return Math.max(0, max);
}

/** 「尺码：M，颜色：白」 */
export function choiceText(choice: Choice): string {
  return Object.entries(choice)
    .map(([name, value]) => `${name}：${value}`)
    .join("，");
}
