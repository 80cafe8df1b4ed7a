import { DatePicker, Form, Input, InputNumber, Radio, Select, Switch } from "antd";
import type { Rule } from "antd/es/form/index.js";
import { useAdminOptions } from "../../../api/admin-records.ts";
import { DATE_TIME } from "../lib/form-values.ts";
import type { FieldSpec } from "../screen-config.ts";
import { LimitsInput } from "./limits-input.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

const STATUS_CHOICES = [
  { value: "published", label: "发布" },
  { value: "draft", label: "草稿" },
];

function useChoices(field: FieldSpec) {
  const entity = field.optionsFrom;
  const query = useAdminOptions<{ id: number; name: string }>(entity ?? "label", entity !== undefined);
  const options = entity
    ? (query.data?.list ?? []).map((item) => ({ value: item.id, label: item.name }))
    : (field.options ?? []).map((choice) => ({ value: choice.value, label: choice.label }));
  return { options, loading: query.isFetching };
}

function SelectInput({
  field,
  ...control
}: {
  field: FieldSpec;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { options, loading } = useChoices(field);
  return (
    <Select
      {...control}
      aria-label={field.label}
      allowClear={!field.required}
      loading={loading}
      options={options}
      placeholder={field.placeholder ?? `请选择${field.label}`}
    />
  );
}

function control(field: FieldSpec) {
  switch (field.kind) {
    case "textarea":
      return <Input.TextArea maxLength={field.max} showCount autoSize={{ minRows: 2, maxRows: 6 }} />;
    case "url":
      return (
        <Input maxLength={field.max ?? 500} placeholder={field.placeholder ?? "https://… 或 /本站路径"} />
      );
    case "number":
      return <InputNumber min={field.min} max={field.max} precision={0} style={{ width: 180 }} />;
    case "yuan":
      return <InputNumber min={0} max={1_000_000} precision={2} prefix="¥" style={{ width: 180 }} />;
    case "select":
      return <SelectInput field={field} />;
    case "switch":
      return <Switch />;
    case "status":
      return <Radio.Group options={STATUS_CHOICES} optionType="button" buttonStyle="solid" />;
    case "datetime":
      return <DatePicker showTime format={DATE_TIME} placeholder={field.placeholder ?? "选择时间"} />;
    case "richText":
      return <RichTextEditor aria-label={field.label} />;
    case "limits":
      return <LimitsInput />;
    default:
      return <Input maxLength={field.max} placeholder={field.placeholder} />;
  }
}

/** One field of a record form; its name is the save call's parameter, so server errors land on it. */
export function FieldInput({ field }: { field: FieldSpec }) {
  const numeric = field.kind === "number" || field.kind === "yuan";
  const rules: Rule[] = field.required
    ? [
        numeric
          ? { required: true, type: "number", message: `请填写${field.label}` }
          : { required: true, whitespace: field.kind !== "select", message: `请填写${field.label}` },
      ]
    : [];
  return (
    <Form.Item
      name={field.name}
      label={field.label}
      rules={rules}
      extra={field.help}
      valuePropName={field.kind === "switch" ? "checked" : "value"}
    >
      {control(field)}
    </Form.Item>
  );
}
