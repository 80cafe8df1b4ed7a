import type { PricedLine } from "@wjgj/core";

/** 「文化衫（尺码：M，颜色：白）×2」: one line of an order, as productAnswerText writes an answer's. */
export function orderLineText(line: Pick<PricedLine, "name" | "variant" | "quantity">): string {
  const options = Object.entries(line.variant ?? {})
    .map(([name, value]) => `${name}：${value}`)
    .join("，");
  return `${line.name}${options ? `（${options}）` : ""}×${line.quantity}`;
}
