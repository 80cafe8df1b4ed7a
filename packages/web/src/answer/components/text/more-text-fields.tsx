import { useEffect, useState } from "react";
import { asNumber, asText, isRecord, parseNumberText, stringRecord, withEntry } from "../../lib/values.ts";
import { partAttrs, useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { inputPropsFor, textOrUndefined } from "./text-fields.tsx";

/*
 * 数字, 日期, 时间, 日期范围 and 多项填空: a chunk of their own on the answer page (fields/text-group.ts), which a
 * questionnaire of choices and plain texts never downloads.
 */

/**
 * A number typed as text: the field keeps what was typed ("1." while typing 1.5) and hands core a number
 * when the text reads as one, the raw text otherwise so core can say what is wrong.
 */
export function NumberInput(props: {
  value: unknown;
  onChange(value: number | string | undefined): void;
  decimals: boolean;
  /** Part of the question this number is (allocation option, table column); none: the whole answer. */
  label?: string;
  placeholder?: string;
}) {
  const a11y = useFieldA11y();
  const fromValue = asNumber(props.value) !== null ? String(props.value) : asText(props.value);
  const [text, setText] = useState(fromValue);
  useEffect(() => {
    if (parseNumberText(text) !== props.value && !(text === "" && props.value === undefined))
      setText(fromValue);
  }, [props.value, fromValue, text]);
  return (
    <input
      className="wa-input"
      inputMode={props.decimals ? "decimal" : "numeric"}
      {...(props.label === undefined ? wholeAttrs(a11y) : partAttrs(a11y, props.label))}
      placeholder={props.placeholder ?? "请输入数字"}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(parseNumberText(event.target.value));
      }}
    />
  );
}

export function NumberField({ question, value, onChange }: FieldProps<"number">) {
  const { range, unit, decimals } = question.config;
  const hint =
    range?.min !== undefined && range?.max !== undefined ? `${range.min} ~ ${range.max}` : "请输入数字";
  return (
    <div className="wa-inline">
      <NumberInput value={value} onChange={onChange} decimals={decimals > 0} placeholder={hint} />
      {unit ? <span className="wa-unit">{unit}</span> : null}
    </div>
  );
}

export function DateField({ value, onChange }: FieldProps<"date">) {
  const a11y = useFieldA11y();
  return (
    <input
      className="wa-input"
      {...wholeAttrs(a11y)}
      type="date"
      value={asText(value)}
      onChange={(event) => onChange(textOrUndefined(event.target.value))}
    />
  );
}

export function TimeField({ value, onChange }: FieldProps<"time">) {
  const a11y = useFieldA11y();
  return (
    <input
      className="wa-input"
      {...wholeAttrs(a11y)}
      type="time"
      value={asText(value)}
      onChange={(event) => onChange(textOrUndefined(event.target.value))}
    />
  );
}

export function DateRangeField({ value, onChange }: FieldProps<"dateRange">) {
  const range = isRecord(value) ? stringRecord(value) : {};
  const a11y = useFieldA11y();
  const set = (key: "start" | "end", text: string) => {
    const next = { start: range.start ?? "", end: range.end ?? "", [key]: text };
    onChange(next.start === "" && next.end === "" ? undefined : next);
  };
  return (
    <div className="wa-inline wa-range">
      <input
        className="wa-input"
        type="date"
        {...partAttrs(a11y, "开始日期")}
        value={range.start ?? ""}
        onChange={(e) => set("start", e.target.value)}
      />
      <span className="wa-unit">至</span>
      <input
        className="wa-input"
        type="date"
        {...partAttrs(a11y, "结束日期")}
        value={range.end ?? ""}
        onChange={(e) => set("end", e.target.value)}
      />
    </div>
  );
}

export function MultiBlankField({ question, value, onChange }: FieldProps<"multiBlank">) {
  const filled = stringRecord(value);
  const a11y = useFieldA11y();
  return (
    <div className="wa-stack">
      {question.config.blanks.map((blank) => {
        const props = inputPropsFor(blank.format);
        return (
          <label key={blank.id} className="wa-blank-row">
            <span className="wa-blank-label">
              {blank.label || blank.id}
              {blank.required ? (
                <i className="wa-req" aria-hidden="true">
                  *
                </i>
              ) : null}
            </span>
            <input
              className="wa-input"
              {...props}
              {...partAttrs(a11y, blank.label || blank.id, a11y.required || blank.required === true)}
              value={filled[blank.id] ?? ""}
              onChange={(event) => onChange(withEntry(filled, blank.id, textOrUndefined(event.target.value)))}
            />
          </label>
        );
      })}
    </div>
  );
}
