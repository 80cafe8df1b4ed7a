import { ethnicGroups } from "@wjgj/core/survey/types/advanced/ethnic-groups";
import { asText } from "../../lib/values.ts";
import { useFieldA11y, wholeAttrs } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { inputPropsFor } from "./text-fields.tsx";

const presetInputs = {
  name: { ...inputPropsFor("none"), placeholder: "请输入姓名", autoComplete: "name" },
  age: { ...inputPropsFor("integer"), placeholder: "请输入年龄" },
  mobile: { ...inputPropsFor("mobile"), autoComplete: "tel" },
  email: { ...inputPropsFor("email"), autoComplete: "email" },
  idCard: inputPropsFor("idCard"),
  studentId: { ...inputPropsFor("none"), placeholder: "请输入学号" },
  employeeId: { ...inputPropsFor("none"), placeholder: "请输入工号" },
  department: { ...inputPropsFor("none"), placeholder: "请输入部门" },
} as const;

/** 个人信息: one preset field, with the right keyboard, or a choice for 性别 and 民族. */
export function PersonalField({ question, value, onChange }: FieldProps<"personal">) {
  const text = asText(value);
  const set = (next: string) => onChange(next === "" ? undefined : next);
  const { preset } = question.config;
  const a11y = useFieldA11y();
  if (preset === "gender") {
    return (
      <div
        className="wa-opts wa-cols"
        style={{ gridTemplateColumns: "repeat(2, minmax(0, 1fr))" }}
        role="radiogroup"
        {...wholeAttrs(a11y)}
      >
        {["男", "女"].map((gender) => (
          <label key={gender} className={`wa-opt${text === gender ? " is-on" : ""}`}>
            <input type="radio" name={question.id} checked={text === gender} onChange={() => set(gender)} />
            <span className="wa-mark wa-mark-radio" aria-hidden="true" />
            <span className="wa-opt-body">
              <span className="wa-opt-label">{gender}</span>
            </span>
          </label>
        ))}
      </div>
    );
  }
  if (preset === "ethnicity") {
    return (
      <select
        className="wa-input wa-select"
        value={text}
        {...wholeAttrs(a11y)}
        onChange={(e) => set(e.target.value)}
      >
        <option value="">请选择民族</option>
        {ethnicGroups.map((group) => (
          <option key={group} value={group}>
            {group}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      className="wa-input"
      {...presetInputs[preset]}
      {...wholeAttrs(a11y)}
      value={text}
      onChange={(e) => set(e.target.value)}
    />
  );
}
