import type { Question } from "@wjgj/core";
import { Checkbox, DatePicker, Input, InputNumber, Select, Space, Switch } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import {
  type ConfigField,
  configFieldsOf,
  enumLabels,
  type FieldKind,
  fieldApplies,
} from "../../lib/config-schema.ts";
import { editorActions } from "../../store/use-editor.ts";
import { ColumnsEditor, TreeEditor } from "./config-columns.tsx";
import { BlanksEditor, MembersEditor, PatternsEditor } from "./config-editors.tsx";

type Bound =
  | number
  | string
  | { kind: "absolute"; date: string }
  | { kind: "relative"; days: number }
  | undefined;
type RangeValue = { min?: Bound; max?: Bound; level?: "error" | "warning" } | undefined;

function BoundInput({
  bound,
  value,
  onChange,
  placeholder,
}: {
  bound: "number" | "integer" | "time" | "date";
  value: Bound;
  onChange: (value: Bound) => void;
  placeholder: string;
}) {
  if (bound === "time") {
    return (
      <Input
        style={{ width: 96 }}
        placeholder={placeholder === "最小" ? "08:00" : "18:00"}
        value={typeof value === "string" ? value : ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    );
  }
  if (bound === "date") {
    const kind = typeof value === "object" && value ? value.kind : "none";
    return (
      <Space.Compact>
        <Select
          style={{ width: 92 }}
          value={kind}
          options={[
            { value: "none", label: "不限" },
            { value: "absolute", label: "固定日期" },
            { value: "relative", label: "距今天" },
          ]}
          onChange={(next) =>
            onChange(
              next === "absolute"
                ? { kind: "absolute", date: dayjs().format("YYYY-MM-DD") }
                : next === "relative"
                  ? { kind: "relative", days: 0 }
                  : undefined,
            )
          }
        />
        {typeof value === "object" && value?.kind === "absolute" && (
          <DatePicker
            allowClear={false}
            value={dayjs(value.date)}
            onChange={(date) =>
              onChange(date ? { kind: "absolute", date: date.format("YYYY-MM-DD") } : undefined)
            }
          />
        )}
        {typeof value === "object" && value?.kind === "relative" && (
          <InputNumber
            style={{ width: 110 }}
            suffix="天"
            value={value.days}
            onChange={(days) => onChange({ kind: "relative", days: days ?? 0 })}
          />
        )}
      </Space.Compact>
    );
  }
  return (
    <InputNumber
      style={{ width: 96 }}
      placeholder={placeholder}
      precision={bound === "integer" ? 0 : undefined}
      value={typeof value === "number" ? value : null}
      onChange={(next) => onChange(next ?? undefined)}
    />
  );
}

function RangeEditor({
  field,
  value,
  onChange,
}: {
  field: Extract<FieldKind, { kind: "range" }>;
  value: RangeValue;
  onChange: (value: RangeValue) => void;
}) {
  const update = (patch: Partial<NonNullable<RangeValue>>) => {
    const next = { ...value, ...patch };
    // An empty range is no rule at all: drop it instead of storing {level} alone.
    onChange(next.min === undefined && next.max === undefined ? undefined : next);
  };
  return (
    <div className="dd-range-field">
      <Space wrap size={6}>
        <BoundInput
          bound={field.bound}
          value={value?.min}
          placeholder="最小"
          onChange={(min) => update({ min })}
        />
        <span>至</span>
        <BoundInput
          bound={field.bound}
          value={value?.max}
          placeholder="最大"
          onChange={(max) => update({ max })}
        />
      </Space>
      {field.hasLevel && (value?.min !== undefined || value?.max !== undefined) && (
        <Checkbox
          checked={value?.level === "warning"}
          onChange={(event) => update({ level: event.target.checked ? "warning" : "error" })}
        >
          仅提醒，不阻止提交
        </Checkbox>
      )}
    </div>
  );
}

export function FieldEditor({
  question,
  field,
  value,
  onChange,
}: {
  question: Question;
  field: ConfigField;
  value: unknown;
  onChange: (value: unknown) => void;
}): ReactNode {
  const kind = field.field;
  switch (kind.kind) {
    case "number":
      return (
        <InputNumber
          aria-label={field.label}
          min={kind.min}
          max={kind.max}
          precision={kind.integer ? 0 : undefined}
          value={typeof value === "number" ? value : null}
          onChange={(next) => onChange(next ?? field.defaultValue)}
        />
      );
    case "boolean":
      return <Switch size="small" aria-label={field.label} checked={value === true} onChange={onChange} />;
    case "enum":
      return (
        <Select
          aria-label={field.label}
          style={{ width: "100%" }}
          value={typeof value === "string" ? value : field.defaultValue}
          options={kind.values.map((item) => ({ value: item, label: enumLabels[field.key]?.[item] ?? item }))}
          onChange={onChange}
        />
      );
    case "text":
      return (
        <Input
          aria-label={field.label}
          maxLength={kind.maxLength}
          value={typeof value === "string" ? value : ""}
          onChange={(event) =>
            onChange(event.target.value || (field.defaultValue === undefined ? undefined : ""))
          }
        />
      );
    case "range":
      return <RangeEditor field={kind} value={value as RangeValue} onChange={onChange} />;
    case "stringList":
      return (
        <Select
          mode="tags"
          style={{ width: "100%" }}
          placeholder="输入后回车添加"
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(next: string[]) =>
            onChange(next.length > 0 || field.defaultValue === undefined ? next : [])
          }
          open={false}
        />
      );
    case "object": {
      const object = (value ?? {}) as Record<string, unknown>;
      return (
        <div className="dd-subfields">
          {kind.fields.map((sub) => (
            <div key={sub.key} className="dd-field dd-field--sub">
              <span className="dd-field__label">{sub.label}</span>
              <FieldEditor
                question={question}
                field={sub}
                value={object[sub.key]}
                onChange={(next) => onChange({ ...object, [sub.key]: next })}
              />
            </div>
          ))}
        </div>
      );
    }
    case "blanks":
      return <BlanksEditor question={question} />;
    case "patterns":
      return <PatternsEditor value={value} onChange={onChange} />;
    case "members":
      return <MembersEditor question={question} value={value} onChange={onChange} />;
    case "tree":
      return <TreeEditor value={value} onChange={onChange} />;
    case "columns":
      return <ColumnsEditor question={question} value={value} onChange={onChange} />;
  }
}

/** The type's own settings, generated from its config schema in core's registry. */
export function ConfigForm({ question }: { question: Question }) {
  const config = question.config as Record<string, unknown>;
  const fields = configFieldsOf(question.type).filter((field) => fieldApplies(field.key, config));
  if (fields.length === 0) return null;
  return (
    <div className="dd-config">
      {fields.map((field) => {
        const block = [
          "blanks",
          "patterns",
          "columns",
          "tree",
          "object",
          "range",
          "members",
          "stringList",
        ].includes(field.field.kind);
        return (
          <div key={field.key} className={`dd-field${block ? " dd-field--block" : ""}`}>
            <span className="dd-field__label">{field.label}</span>
            <div className="dd-field__control">
              <FieldEditor
                question={question}
                field={field}
                value={config[field.key]}
                onChange={(value) =>
                  editorActions().patchConfig(
                    question.id,
                    { [field.key]: value },
                    `config:${question.id}:${field.key}`,
                  )
                }
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
