import { InputNumber, Switch } from "antd";

type Limits = Record<string, number | boolean | string>;

interface LimitsInputProps {
  value?: Limits;
  onChange?: (value: Limits) => void;
  id?: string;
}

/** The features the pricing page names (website-version/pricing.ts); -1 means unlimited. */
const NUMERIC: readonly { key: string; label: string; unit: string }[] = [
  { key: "questionnaires", label: "问卷数量", unit: "份" },
  { key: "responsesPerQuestionnaire", label: "每份问卷答卷数", unit: "份" },
  { key: "teamMembers", label: "团队成员", unit: "人" },
];

/** A level's feature limits; keys this form does not know are kept as they are. */
export function LimitsInput({ value = {}, onChange, id }: LimitsInputProps) {
  const set = (key: string, next: number | boolean | null) => {
    const copy: Limits = { ...value };
    if (next === null) delete copy[key];
    else copy[key] = next;
    onChange?.(copy);
  };
  return (
    <div id={id} className="wj-limits" data-testid="limits-input">
      {NUMERIC.map(({ key, label, unit }) => (
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
      ))}
      <div className="wj-limits__row">
        <span className="wj-limits__label">交叉分析</span>
        <Switch
          aria-label="交叉分析"
          checked={value.crossAnalysis === true}
          onChange={(checked) => set("crossAnalysis", checked)}
        />
      </div>
    </div>
  );
}
