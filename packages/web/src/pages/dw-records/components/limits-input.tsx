import { entitlementCatalog } from "@wjgj/core";
import { InputNumber, Switch } from "antd";

type Limits = Record<string, number | boolean | string>;

interface LimitsInputProps {
  value?: Limits;
  onChange?: (value: Limits) => void;
  id?: string;
}

/**
 * A level's limits, one row per entry of core's entitlement table (what the pricing page lists and the server
 * enforces); -1 means unlimited. A limit left empty takes the free level's value. Keys this form does not know
 * are kept as they are.
 */
export function LimitsInput({ value = {}, onChange, id }: LimitsInputProps) {
  const set = (key: string, next: number | boolean | null) => {
    const copy: Limits = { ...value };
    if (next === null) delete copy[key];
    else copy[key] = next;
    onChange?.(copy);
  };
  return (
    <div id={id} className="wj-limits" data-testid="limits-input">
      {entitlementCatalog.map(({ key, label, unit, kind }) =>
        kind === "count" ? (
          <div key={key} className="wj-limits__row">
            <span className="wj-limits__label">{label}</span>
            <InputNumber
              aria-label={label}
              min={-1}
              max={1_000_000_000}
              precision={0}
              value={typeof value[key] === "number" ? value[key] : null}
              onChange={(next) => set(key, typeof next === "number" ? next : null)}
              suffix={unit}
              style={{ width: 180 }}
            />
            <span className="wj-limits__hint">{value[key] === -1 ? "不限" : "-1 表示不限"}</span>
          </div>
        ) : kind === "rate" ? (
          <div key={key} className="wj-limits__row">
            <span className="wj-limits__label">{label}</span>
            {/* Kept in basis points (60 = 0.6 %), typed as a percentage with two decimals. */}
            <InputNumber
              aria-label={label}
              min={0}
              max={100}
              step={0.1}
              precision={2}
              value={typeof value[key] === "number" ? value[key] / 100 : null}
              onChange={(next) => set(key, typeof next === "number" ? Math.round(next * 100) : null)}
              suffix={unit}
              style={{ width: 180 }}
            />
            <span className="wj-limits__hint">每笔已支付商品订单的平台服务费</span>
          </div>
        ) : (
          <div key={key} className="wj-limits__row">
            <span className="wj-limits__label">{label}</span>
            <Switch
              aria-label={label}
              checked={value[key] === true}
              onChange={(checked) => set(key, checked)}
            />
          </div>
        ),
      )}
    </div>
  );
}
