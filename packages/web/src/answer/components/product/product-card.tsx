import type { ProductAnswer, ProductItem } from "@wjgj/core/api/form-products";
import { fenToYuan } from "@wjgj/core/api/money";
import { useId, useState } from "react";
import { type Choice, choiceText, itemQuantity, lineMax, quantityOf, withQuantity } from "./product-lines.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

/** The options of the product's last chosen line, so its quantity shows when the card comes back. */
function initialChoice(item: ProductItem, answer: ProductAnswer): Choice {
  const last = [...answer.lines].reverse().find((line) => line.itemId === item.id);
  const choice: Choice = {};
  for (const variant of item.variants ?? []) {
    const value = last?.variant?.[variant.name];
    if (value !== undefined && variant.values.includes(value)) choice[variant.name] = value;
  }
  return choice;
}

/** Why + stops, when it does: 每人限购 / 库存 (the disabled button alone would not say). */
function boundNote(
  item: ProductItem,
  left: number | null | undefined,
  total: number,
  showStock: boolean,
): string {
  if (left !== null && left !== undefined && total >= left && (item.perPerson ?? Infinity) >= left)
    // The count itself stands beside it (剩余 n 件) when shown; a creator who hides the stock has it told nowhere.
    return showStock ? "已选完剩余库存" : "库存有限，不能再多选";
  if (item.perPerson !== undefined && total >= item.perPerson) return `每人限购 ${item.perPerson} 件`;
  return "";
}

/**
 * One product: picture, name, price, a chip row per option (尺码, 颜色) and the quantity of the chosen
 * combination. Each combination is a line of the answer; the lines already chosen are listed under it.
 */
export function ProductCard({
  item,
  answer,
  left,
  showStock,
  onChange,
}: {
  item: ProductItem;
  answer: ProductAnswer;
  /** Stock left: a number, null for no limit, undefined while unknown. */
  left: number | null | undefined;
  showStock: boolean;
  onChange(answer: ProductAnswer): void;
}) {
  const uid = useId();
  const [choice, setChoice] = useState<Choice>(() => initialChoice(item, answer));
  const variants = item.variants ?? [];
  const missing = variants.filter((variant) => choice[variant.name] === undefined).map((v) => v.name);
  const soldOut = left === 0;
  const quantity = quantityOf(answer, item.id, choice);
  const max = lineMax(item, left, answer, choice);
  const total = itemQuantity(answer, item.id);
  const chosenLines = variants.length > 0 ? answer.lines.filter((line) => line.itemId === item.id) : [];
  const note = total > 0 ? boundNote(item, left, total, showStock) : "";
  return (
    <li className="wa-product-card" data-testid="product-card">
      {item.image ? (
        <div className="wa-product-pic">
          <img src={item.image} alt={item.name} loading="lazy" decoding="async" />
        </div>
      ) : null}
      <div className="wa-product-body">
        <p className="wa-product-head">
          <span className="wa-product-name">{item.name}</span>
          <span className="wa-product-price">¥{fenToYuan(item.priceFen)}</span>
        </p>
        {variants.map((variant, index) => {
          const labelId = `${uid}-v${index}`;
          return (
            <div key={variant.name} className="wa-product-variant">
              <span className="wa-product-variant-name" id={labelId}>
                {variant.name}
              </span>
              <div className="wa-product-chips" role="radiogroup" aria-labelledby={labelId}>
                {variant.values.map((value) => {
                  const on = choice[variant.name] === value;
                  return (
                    <label key={value} className={`wa-product-chip${on ? " is-on" : ""}`}>
                      <input
                        type="radio"
                        name={`${uid}-v${index}`}
                        value={value}
                        checked={on}
                        onChange={() => setChoice({ ...choice, [variant.name]: value })}
                      />
                      <span>{value}</span>
                    </label>
                  );
                })}
              </div>
            </div>
          );
        })}
        <div className="wa-product-foot">
          {showStock && left !== undefined && left !== null ? (
            <span className={`wa-product-stock${soldOut ? " is-out" : ""}`}>
              {soldOut ? "已售罄" : `剩余 ${left} 件`}
            </span>
          ) : (
            <span />
          )}
          <QuantityStepper
            name={item.name}
            value={quantity}
            max={Math.max(max, quantity)}
            // Sold out or options still to choose: nothing to add (a line already chosen can still go down).
            disabled={missing.length > 0 || (soldOut && quantity === 0)}
            onChange={(next) => onChange(withQuantity(answer, item.id, choice, next))}
          />
        </div>
        {missing.length > 0 && !soldOut ? (
          <p className="wa-product-note">请先选择{missing.join("、")}</p>
        ) : note ? (
          <p className="wa-product-note">{note}</p>
        ) : null}
        {chosenLines.length > 0 ? (
          <ul className="wa-product-chosen" aria-label={`已选 ${item.name}`}>
            {chosenLines.map((line) => (
              <li key={choiceText(line.variant ?? {})}>
                {choiceText(line.variant ?? {})} ×{line.quantity}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}
