import type { Option } from "@wjgj/core/survey/index";
import { asMultiple, asSingle, withEntry } from "../../lib/values.ts";
import { partAttrs, useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
import type { FieldProps, ViewOption } from "../field-types.ts";

type SingleTypes = "single" | "imageSingle" | "trueFalse" | "voteSingle" | "appointment";
type MultipleTypes = "multiple" | "imageMultiple" | "voteMultiple";

interface Item extends ViewOption {
  source: (Option & { date?: string }) | undefined;
}

/** Offered options in display order (piped labels from the engine), joined with their settings. */
function itemsOf(configOptions: readonly Option[], offered: readonly ViewOption[]): Item[] {
  const byId = new Map(configOptions.map((option) => [option.id, option]));
  return offered.map((option) => ({ ...option, source: byId.get(option.id) }));
}

function layoutOf(config: { columns?: number; showLabels?: boolean }, image: boolean) {
  const columns = config.columns ?? (image ? 2 : 1);
  return {
    className: `wa-opts${image ? " wa-opts-img" : ""}${columns > 1 ? " wa-cols" : ""}`,
    style:
      columns > 1
        ? { gridTemplateColumns: `repeat(${Math.min(columns, image ? 3 : 2)}, minmax(0, 1fr))` }
        : undefined,
    showLabels: config.showLabels ?? true,
  };
}

function OptionBody({ item, showLabel }: { item: Item; showLabel: boolean }) {
  const { source } = item;
  return (
    <span className="wa-opt-body">
      {source?.image ? (
        // With the label shown beside it, the picture's name would say the label twice.
        <img className="wa-opt-img" src={source.image} alt={showLabel ? "" : item.label} loading="lazy" />
      ) : null}
      {showLabel || !source?.image ? <span className="wa-opt-label">{item.label}</span> : null}
      {source?.description ? <span className="wa-opt-desc">{source.description}</span> : null}
      {source?.date ? <span className="wa-opt-desc">{source.date}</span> : null}
    </span>
  );
}

function OtherInput(props: { value: string; onChange(text: string): void; label: string }) {
  const a11y = useFieldA11y();
  return (
    <input
      className="wa-input wa-other"
      value={props.value}
      placeholder="请填写"
      {...partAttrs(a11y, `${props.label}的内容`)}
      maxLength={2000}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

export function SingleChoice({ question, value, options, onChange }: FieldProps<SingleTypes>) {
  const chosen = asSingle(value);
  const image = question.type === "imageSingle";
  const layout = layoutOf(question.config as { columns?: number; showLabels?: boolean }, image);
  const items = itemsOf(question.config.options, options);
  const a11y = useFieldA11y();
  return (
    <div className={layout.className} style={layout.style} role="radiogroup" {...wholeAttrs(a11y)}>
      {items.map((item) => {
        const on = chosen?.optionId === item.id;
        return (
          <div key={item.id} className="wa-opt-wrap">
            <label className={`wa-opt${on ? " is-on" : ""}`}>
              <input
                type="radio"
                name={question.id}
                value={item.id}
                checked={on}
                onChange={() => onChange({ optionId: item.id })}
              />
              <span className="wa-mark wa-mark-radio" aria-hidden="true" />
              <OptionBody item={item} showLabel={layout.showLabels} />
            </label>
            {on && item.source?.other ? (
              <OtherInput
                label={item.label}
                value={chosen?.otherText ?? ""}
                onChange={(otherText) =>
                  onChange(otherText ? { optionId: item.id, otherText } : { optionId: item.id })
                }
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

export function MultipleChoice({ question, value, options, onChange }: FieldProps<MultipleTypes>) {
  const { optionIds, otherTexts = {} } = asMultiple(value);
  const image = question.type === "imageMultiple";
  const layout = layoutOf(question.config as { columns?: number; showLabels?: boolean }, image);
  const items = itemsOf(question.config.options, options);
  const max = question.config.selection?.max;
  const exclusive = new Set(items.filter((item) => item.source?.exclusive).map((item) => item.id));

  const emit = (ids: string[], texts: Record<string, string> | undefined) => {
    if (ids.length === 0) return onChange(undefined);
    const kept = texts && Object.fromEntries(Object.entries(texts).filter(([id]) => ids.includes(id)));
    onChange(
      kept && Object.keys(kept).length > 0 ? { optionIds: ids, otherTexts: kept } : { optionIds: ids },
    );
  };
  const toggle = (id: string) => {
    if (optionIds.includes(id))
      return emit(
        optionIds.filter((other) => other !== id),
        otherTexts,
      );
    // 互斥: choosing an exclusive option clears the others, and choosing another clears it.
    const base = exclusive.has(id) ? [] : optionIds.filter((other) => !exclusive.has(other));
    emit([...base, id], otherTexts);
  };

  return (
    <div className={layout.className} style={layout.style}>
      {items.map((item) => {
        const on = optionIds.includes(item.id);
        const full = !on && max !== undefined && optionIds.length >= max && !exclusive.has(item.id);
        return (
          <div key={item.id} className="wa-opt-wrap">
            <label className={`wa-opt${on ? " is-on" : ""}${full ? " is-off" : ""}`}>
              <input
                type="checkbox"
                value={item.id}
                checked={on}
                disabled={full}
                onChange={() => toggle(item.id)}
              />
              <span className="wa-mark wa-mark-check" aria-hidden="true" />
              <OptionBody item={item} showLabel={layout.showLabels} />
            </label>
            {on && item.source?.other ? (
              <OtherInput
                label={item.label}
                value={otherTexts[item.id] ?? ""}
                onChange={(text) => emit(optionIds, withEntry(otherTexts, item.id, text || undefined))}
              />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

export function Dropdown({ question, value, options, onChange }: FieldProps<"dropdown">) {
  const chosen = asSingle(value);
  const a11y = useFieldA11y();
  return (
    <select
      className="wa-input wa-select"
      value={chosen?.optionId ?? ""}
      {...wholeAttrs(a11y)}
      onChange={(event) => onChange(event.target.value ? { optionId: event.target.value } : undefined)}
    >
      <option value="">{question.config.placeholder || "请选择"}</option>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
