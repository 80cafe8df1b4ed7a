import type { TextFormat } from "@wjgj/core/survey/index";
import type { HTMLAttributes } from "react";
import { asText } from "../../lib/values.ts";
import { useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
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

export const textOrUndefined = (text: string) => (text === "" ? undefined : text);

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
