import type { LikertConfig } from "@wjgj/core/survey/types/rating/likert";
import { type KeyboardEvent, useState } from "react";
import { asNumber, numberRecord, stringArray, withEntry } from "../../lib/values.ts";
import { useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { NumberInput } from "../text/more-text-fields.tsx";

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

/**
 * A row of point buttons, shared by 量表, NPS and 矩阵量表: native radios in a named radiogroup, so arrow
 * keys move and choose as the APG radio group pattern asks.
 */
export function ScalePoints(props: {
  name: string;
  /** Name, required and error state of the group (the question's, or a matrix row's). */
  group: Record<string, string | boolean>;
  points: number[];
  value: number | null;
  onChange(point: number): void;
  minLabel?: string | undefined;
  maxLabel?: string | undefined;
  labels?: readonly string[] | undefined;
}) {
  return (
    <div className="wa-scale">
      <div className="wa-scale-points" role="radiogroup" {...props.group}>
        {props.points.map((point, index) => (
          <label
            key={point}
            className={`wa-point${props.value === point ? " is-on" : ""}`}
            title={props.labels?.[index]}
          >
            <input
              type="radio"
              name={props.name}
              value={point}
              aria-label={props.labels?.[index] ? `${point} ${props.labels[index]}` : undefined}
              checked={props.value === point}
              onChange={() => props.onChange(point)}
            />
            {point}
          </label>
        ))}
      </div>
      {props.minLabel || props.maxLabel ? (
        <div className="wa-scale-ends">
          <span>{props.minLabel}</span>
          <span>{props.maxLabel}</span>
        </div>
      ) : null}
      {props.labels && props.value !== null ? (
        <div className="wa-scale-caption">{props.labels[props.points.indexOf(props.value)]}</div>
      ) : null}
    </div>
  );
}

export function likertPoints(config: LikertConfig): number[] {
  return range(config.start, config.points);
}

export function StarField({ question, value, onChange }: FieldProps<"star">) {
  const stars = asNumber(value) ?? 0;
  const { max, labels } = question.config;
  const a11y = useFieldA11y();
  return (
    <div className="wa-stars">
      <div role="radiogroup" className="wa-star-group" {...wholeAttrs(a11y)}>
        {range(1, max).map((star) => (
          <label key={star} className={`wa-star${star <= stars ? " is-on" : ""}`}>
            <input
              type="radio"
              name={question.id}
              value={star}
              aria-label={labels?.[star - 1] ? `${star}星 ${labels[star - 1]}` : `${star}星`}
              checked={stars === star}
              onChange={() => onChange(star)}
            />
            <span className="wa-star-icon" aria-hidden="true" />
          </label>
        ))}
      </div>
      {stars > 0 ? <span className="wa-scale-caption">{labels?.[stars - 1] ?? `${stars}星`}</span> : null}
    </div>
  );
}

export function NpsField({ question, value, onChange }: FieldProps<"nps">) {
  const a11y = useFieldA11y();
  return (
    <ScalePoints
      name={question.id}
      group={wholeAttrs(a11y)}
      points={range(0, 11)}
      value={asNumber(value)}
      onChange={onChange}
      minLabel={question.config.minLabel}
      maxLabel={question.config.maxLabel}
    />
  );
}

export function LikertField({ question, value, onChange }: FieldProps<"likert">) {
  const config = question.config;
  const a11y = useFieldA11y();
  return (
    <ScalePoints
      name={question.id}
      group={wholeAttrs(a11y)}
      points={likertPoints(config)}
      value={asNumber(value)}
      onChange={onChange}
      minLabel={config.labels ? undefined : config.minLabel}
      maxLabel={config.labels ? undefined : config.maxLabel}
      labels={config.labels}
    />
  );
}

export function SliderField({ question, value, onChange }: FieldProps<"slider">) {
  const { min, max, step, unit } = question.config;
  const current = asNumber(value);
  const a11y = useFieldA11y();
  return (
    <div className="wa-slider">
      <input
        type="range"
        min={min}
        max={max}
        step={step}
        {...wholeAttrs(a11y)}
        aria-valuetext={current === null ? "未作答" : `${current}${unit ?? ""}`}
        value={current ?? min}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <div className="wa-scale-ends">
        <span>{`${min}${unit ?? ""}`}</span>
        <b className="wa-slider-value">{current === null ? "请拖动滑块" : `${current}${unit ?? ""}`}</b>
        <span>{`${max}${unit ?? ""}`}</span>
      </div>
    </div>
  );
}

export function AllocationField({ question, value, options, onChange }: FieldProps<"allocation">) {
  const given = numberRecord(value);
  const total = question.config.total;
  const sum = Object.values(given).reduce((a, b) => a + b, 0);
  return (
    <div className="wa-stack wa-alloc">
      {options.map((option) => (
        <div key={option.id} className="wa-blank-row">
          <span className="wa-blank-label">{option.label}</span>
          <NumberInput
            label={option.label}
            decimals={false}
            placeholder="0"
            value={given[option.id]}
            onChange={(next) =>
              onChange(withEntry(given, option.id, typeof next === "number" ? next : undefined))
            }
          />
        </div>
      ))}
      <div className={`wa-sum${sum === total ? " is-ok" : ""}`}>{`已分配 ${sum} / ${total}`}</div>
    </div>
  );
}

/** 排序: tap items in order (no dragging, which fights page scrolling on phones); tap again to take back. */
export function RankingField({ question, value, options, onChange }: FieldProps<"ranking">) {
  const ranked = stringArray(value);
  const labelOf = new Map(options.map((option) => [option.id, option.label]));
  const limit = Math.min(question.config.rankCount ?? options.length, options.length);
  // What the live region says after a move by keyboard; a tap announces the new order alone.
  const [moved, setMoved] = useState("");
  const tap = (id: string) => {
    setMoved("");
    if (ranked.includes(id)) {
      const next = ranked.filter((other) => other !== id);
      return onChange(next.length > 0 ? next : undefined);
    }
    if (ranked.length < limit) onChange([...ranked, id]);
  };
  // Up and Down (with or without Alt, as in the APG's rearrangeable listbox) move a ranked item one place;
  // the buttons keep their order on screen, so focus stays on the item moved.
  const handleKeyDown = (id: string, event: KeyboardEvent) => {
    const from = ranked.indexOf(id);
    const to = from + (event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0);
    if (from < 0 || to === from) return;
    event.preventDefault();
    if (to < 0 || to >= ranked.length) return;
    const next = [...ranked];
    next.splice(from, 1);
    next.splice(to, 0, id);
    setMoved(`${labelOf.get(id) ?? id} 已移到第 ${to + 1} 位。`);
    onChange(next);
  };
  return (
    <div className="wa-opts">
      <p className="wa-hint">{`请依次点击选项进行排序（需排 ${limit} 项），再次点击可取消；已排的项可按 ↑ ↓ 键调整名次`}</p>
      {options.map((option) => {
        const rank = ranked.indexOf(option.id);
        return (
          <button
            key={option.id}
            type="button"
            className={`wa-opt wa-rank${rank >= 0 ? " is-on" : ""}`}
            aria-pressed={rank >= 0}
            onClick={() => tap(option.id)}
            onKeyDown={(event) => handleKeyDown(option.id, event)}
          >
            <span className="wa-rank-no" aria-hidden="true">
              {rank >= 0 ? rank + 1 : ""}
            </span>
            <span className="wa-opt-label">{option.label}</span>
            <span className="wa-sr">{rank >= 0 ? `，第 ${rank + 1} 位` : "，未排序"}</span>
          </button>
        );
      })}
      <p className="wa-sr" aria-live="polite">
        {ranked.length > 0 ? `${moved}当前顺序：${ranked.map((id) => labelOf.get(id) ?? id).join("、")}` : ""}
      </p>
    </div>
  );
}
