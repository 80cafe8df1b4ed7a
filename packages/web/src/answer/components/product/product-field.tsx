import type { ProductItem } from "@wjgj/core/api/form-products";
import { fenToYuan } from "@wjgj/core/api/money";
import { useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { ProductCard } from "./product-card.tsx";
import { itemQuantity, readAnswer } from "./product-lines.ts";
import { type PricingModule, usePricing } from "./use-pricing.ts";
import { type StockLeft, useLiveStock } from "./use-stock.ts";
import "./product.css";

type Config = FieldProps<"product">["question"]["config"];
type Answer = ReturnType<typeof readAnswer>;

/** 合计 ¥x.xx, or why the answer cannot be bought as it is (core's message: 起购金额, 每人限购 …). */
function totalLine(
  config: Config,
  answer: Answer,
  pricing: PricingModule | null,
): { text: string; warn: boolean } {
  if (answer.lines.length === 0) return { text: "合计 ¥0.00", warn: false };
  if (!pricing) return { text: "合计 计算中…", warn: false };
  const priced = pricing.orderLines(config, answer);
  if (priced.ok) return { text: `合计 ¥${fenToYuan(priced.totalFen)}`, warn: false };
  return { text: priced.issues[0]?.message ?? "", warn: true };
}

/** 库存不足 / 已售罄 for a product chosen beyond what is left now (the server would refuse the order). */
function stockWarning(
  items: readonly ProductItem[],
  answer: Answer,
  left: (item: ProductItem) => number | null | undefined,
  pricing: PricingModule | null,
): string {
  if (!pricing) return "";
  for (const item of items) {
    const stock = left(item);
    const chosen = itemQuantity(answer, item.id);
    if (stock === null || stock === undefined || chosen <= stock) continue;
    return stock <= 0
      ? pricing.productMessage("productSoldOut", { name: item.name })
      : pricing.productMessage("productStockShort", { name: item.name, left: stock });
  }
  return "";
}

function leftOf(live: boolean, stock: StockLeft, item: ProductItem): number | null | undefined {
  // A preview (and the logged-in read-only view) shows the configured stock as if nothing were sold.
  if (!live) return item.stock ?? null;
  return stock.has(item.id) ? stock.get(item.id) : undefined;
}

/**
 * 商品 (issue #41): the respondent picks products, their options and quantities; the answer is
 * `{ lines: [{ itemId, variant, quantity }] }`, one line per product and options. A published questionnaire
 * shows the server's live stock; a preview (no public id) the configured one, without asking the server.
 */
export function ProductField({ question, value, onChange, context }: FieldProps<"product">) {
  const live = !context.preview && context.publicId !== "";
  const stock = useLiveStock(context.publicId, question.id, live);
  const pricing = usePricing();
  const a11y = useFieldA11y();
  const config = question.config;
  const answer = readAnswer(value);
  const left = (item: ProductItem) => leftOf(live, stock, item);
  const total = totalLine(config, answer, pricing);
  const warning = stockWarning(config.items, answer, left, pricing);
  const states = a11y.invalid
    ? { "aria-invalid": true as const, ...(a11y.errorId ? { "aria-describedby": a11y.errorId } : {}) }
    : {};
  return (
    <fieldset
      className="wa-product"
      {...(a11y.titleId ? { "aria-labelledby": a11y.titleId } : { "aria-label": "商品" })}
      {...states}
    >
      <ul className="wa-product-list">
        {config.items.map((item) => (
          <ProductCard
            key={item.id}
            item={item}
            answer={answer}
            left={left(item)}
            showStock={config.showStock}
            onChange={onChange}
          />
        ))}
      </ul>
      <div className="wa-product-sum" aria-live="polite">
        <p className={`wa-product-total${total.warn ? " is-warn" : ""}`} data-testid="product-total">
          {total.text}
        </p>
        {warning ? <p className="wa-product-total is-warn">{warning}</p> : null}
        {config.minTotalFen !== undefined && answer.lines.length === 0 ? (
          <p className="wa-product-note">起购金额 ¥{fenToYuan(config.minTotalFen)}</p>
        ) : null}
      </div>
    </fieldset>
  );
}
