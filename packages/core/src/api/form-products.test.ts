import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  answerIssues,
  feeFen,
  orderLines,
  PRODUCT_ORDER_MAX_FEN,
  productConfigIssues,
  productQuestionConfigSchema,
  refundFeeBackFen,
} from "./form-products.ts";

const config = productQuestionConfigSchema.parse({
  items: [
    {
      id: "tee",
      name: "文化衫",
      priceFen: 5900,
      variants: [{ name: "尺码", values: ["S", "M"] }],
      perPerson: 2,
    },
    { id: "cup", name: "保温杯", priceFen: 12_800, stock: 10 },
  ],
});

describe("productConfigIssues", () => {
  it("names each problem in Chinese with a stable code", () => {
    const issues = productConfigIssues({
      items: [
        { id: "a", name: "门票", priceFen: 0 },
        { id: "b", name: "门票", priceFen: -5 },
        { id: "c", name: "帽子", priceFen: 100, variants: [{ name: "颜色", values: [] }] },
      ],
    });
    expect(issues.map((i) => [i.code, i.path])).toEqual([
      ["productPriceInvalid", "items.0.priceFen"],
      ["productPriceInvalid", "items.1.priceFen"],
      ["productNameDuplicate", "items.1.name"],
      ["productVariantEmpty", "items.2.variants.0.values"],
    ]);
    expect(issues[0]?.message).toBe("「门票」：商品价格必须大于 0 元");
    expect(issues[3]?.message).toContain("「帽子」的规格「颜色」没有可选值");
  });

  it("refuses more than 100 products, and parsing refuses what the issues name", () => {
    const items = Array.from({ length: 101 }, (_, i) => ({ id: `p${i}`, name: `商品${i}`, priceFen: 100 }));
    expect(productConfigIssues({ items }).map((i) => i.code)).toEqual(["productTooMany"]);
    const parsed = productQuestionConfigSchema.safeParse({ items: [{ id: "a", name: "门票", priceFen: 0 }] });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("「门票」：商品价格必须大于 0 元");
  });
});

describe("answerIssues and orderLines", () => {
  it("prices lines with their options and totals them", () => {
    const result = orderLines(config, {
      lines: [
        { itemId: "tee", variant: { 尺码: "S" }, quantity: 1 },
        { itemId: "tee", variant: { 尺码: "M" }, quantity: 1 },
        { itemId: "cup", quantity: 3 },
      ],
    });
    expect(result).toEqual({
      ok: true,
      totalFen: 5900 * 2 + 12_800 * 3,
      lines: [
        {
          itemId: "tee",
          name: "文化衫",
          variant: { 尺码: "S" },
          quantity: 1,
          unitPriceFen: 5900,
          amountFen: 5900,
        },
        {
          itemId: "tee",
          name: "文化衫",
          variant: { 尺码: "M" },
          quantity: 1,
          unitPriceFen: 5900,
          amountFen: 5900,
        },
        { itemId: "cup", name: "保温杯", quantity: 3, unitPriceFen: 12_800, amountFen: 38_400 },
      ],
    });
  });

  it("refuses unknown products and options, bad quantities and more than the per-person limit", () => {
    const issues = answerIssues(config, {
      lines: [
        { itemId: "nope", quantity: 1 },
        { itemId: "tee", variant: { 尺码: "XL" }, quantity: 2 },
        { itemId: "tee", quantity: 1 },
        { itemId: "cup", quantity: 0 },
      ],
    });
    expect(issues.map((i) => i.message)).toEqual([
      "所选商品不存在或已下架，请刷新页面后重新选择",
      "「文化衫」没有尺码「XL」，请重新选择",
      "请为「文化衫」选择尺码",
      "「保温杯」的数量需为 1 到 9999 之间的整数",
      "「文化衫」每人限购 2 件",
    ]);
    expect(answerIssues(config, { lines: [] }).map((i) => i.code)).toEqual(["productEmptyAnswer"]);
  });

  it("refuses a total above 100000 元 and one below the minimum", () => {
    const big = productQuestionConfigSchema.parse({
      items: [{ id: "x", name: "大件", priceFen: 9_000_000 }],
    });
    const over = orderLines(big, { lines: [{ itemId: "x", quantity: 2 }] });
    expect(over.ok ? null : over.issues[0]?.message).toBe("订单金额不能超过 100000 元，请减少商品数量");
    const min = productQuestionConfigSchema.parse({ ...config, minTotalFen: 10_000 });
    const under = orderLines(min, { lines: [{ itemId: "tee", variant: { 尺码: "S" }, quantity: 1 }] });
    expect(under.ok ? null : under.issues[0]?.message).toBe("订单金额未达到起购金额 100.00 元");
  });

  it("property: any accepted answer's total is the integer sum of price × quantity, within the ceiling", () => {
    const item = fc.record({ priceFen: fc.integer({ min: 1, max: PRODUCT_ORDER_MAX_FEN }) });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(7), fc.integer({ min: 1, max: 9999 })), { minLength: 1, maxLength: 10 }),
        (items, picks) => {
          const cfg = productQuestionConfigSchema.parse({
            items: items.map((it, i) => ({ id: `i${i}`, name: `商品${i}`, priceFen: it.priceFen })),
          });
          const lines = picks.map(([n, quantity]) => ({ itemId: `i${n % items.length}`, quantity }));
          const result = orderLines(cfg, { lines });
          const exact = lines.reduce(
            (sum, l) =>
              sum + BigInt(cfg.items.find((i) => i.id === l.itemId)?.priceFen ?? 0) * BigInt(l.quantity),
            0n,
          );
          if (exact > BigInt(PRODUCT_ORDER_MAX_FEN)) {
            expect(result.ok).toBe(false);
          } else {
            expect(result.ok && BigInt(result.totalFen)).toBe(exact);
            if (result.ok) expect(Number.isSafeInteger(result.totalFen)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("fees", () => {
  it("rounds the platform's fee down: the fraction of a fen stays with the creator", () => {
    expect(feeFen(9999, 60)).toBe(59); // 59.994
    expect(feeFen(100, 0)).toBe(0);
    expect(feeFen(100, 10_000)).toBe(100);
    expect(() => feeFen(100, 10_001)).toThrow(RangeError);
    expect(() => feeFen(1.5, 10)).toThrow(RangeError);
  });

  it("property: creator + fee = total, and any split of refunds gives the whole fee back exactly once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: PRODUCT_ORDER_MAX_FEN }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 6 }),
        (total, rate, parts) => {
          const fee = feeFen(total, rate);
          const creator = total - fee;
          expect(fee).toBeGreaterThanOrEqual(0);
          expect(creator + fee).toBe(total);
          expect(fee).toBeLessThanOrEqual((total * rate) / 10_000);
          let refunded = 0;
          let back = 0;
          for (const part of [...parts, total]) {
            const amount = Math.min(part, total - refunded);
            if (amount <= 0) break;
            const feeBack = refundFeeBackFen({ totalFen: total, feeFen: fee }, refunded, amount);
            expect(feeBack).toBeGreaterThanOrEqual(0);
            expect(feeBack).toBeLessThanOrEqual(amount);
            refunded += amount;
            back += feeBack;
          }
          expect(refunded).toBe(total);
          expect(back).toBe(fee);
        },
      ),
    );
  });
});
