import type { TextFormat } from "@wjgj/core/survey/index";
import { type HTMLAttributes, useEffect, useState } from "react";
import { asNumber, asText, isRecord, parseNumberText, stringRecord, withEntry } from "../../lib/values.ts";
import { partAttrs, useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";

type InputMode = HTMLAttributes<HTMLInputElement>["inputMode"];

/** The keyboard a phone should open for each 单行文本 format. */
const formatInputs: Record<TextFormat, { type?: string; inputMode?: InputMode; placeholder?: string }> = {
  none: {},
  number: { inputMode: "decimal", placeholder: "请输入数字" },
  integer: { inputMode: "numeric", placeholder: "请输入整数" },
  decimal: { inputMode: "decimal", placeholder: "请输入小数" },
  date: { type: "date" },
  time: { type: "time" },
  datetime: { type: "datetime-local" },
  email: { type: "email", inputMode: "email", placeholder: "请输入邮箱" },
  mobile: { type: "tel", inputMode: "tel", placeholder: "请输入11位手机号" },
  landline: { type: "tel", inputMode: "tel", placeholder: "如 010-12345678" },
  idCard: { placeholder: "请输入18位身份证号" },
  chinese: { placeholder: "请输入中文" },
  english: { placeholder: "请输入英文" },
  url: { type: "url", inputMode: "url", placeholder: "https://" },
  postcode: { inputMode: "numeric", placeholder: "请输入6位邮编" },
  plate: { placeholder: "如 京A12345" },
  qq: { inputMode: "numeric", placeholder: "请输入QQ号" },
};

export function inputPropsFor(format: TextFormat) {
  const spec = formatInputs[format] ?? {};
  return { type: spec.type ?? "text", inputMode: spec.inputMode, placeholder: spec.placeholder ?? "请输入" };
}

const textOrUndefined = (text: string) => (text === "" ? undefined : text);

export function TextField({ question, value, onChange }: FieldProps<"text">) {
  const props = inputPropsFor(question.config.format);
  const a11y = useFieldA11y();
  return (
    <input
      className="wa-input"
      {...wholeAttrs(a11y)}
      {...props}
      placeholder={question.config.placeholder ?? props.placeholder}
      maxLength={question.config.length?.max ?? 5000}
      value={asText(value)}
      onChange={(event) => onChange(textOrUndefined(event.target.value))}
    />
  );
}

export function TextareaField({ question, value, onChange }: FieldProps<"textarea">) {
  const text = asText(value);
  const max = question.config.length?.max;
  const a11y = useFieldA11y();
  return (
    <div className="wa-textarea-wrap">
      <textarea
        className="wa-input wa-textarea"
        {...wholeAttrs(a11y)}
        rows={question.config.rows}
        placeholder={question.config.placeholder ?? "请输入"}
        maxLength={max ?? 20000}
        value={text}
        onChange={(event) => onChange(textOrUndefined(event.target.value))}
      />
      {max ? <span className="wa-count">{`${[...text].length}/${max}`}</span> : null}
    </div>
  );
}

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
