import type { AnalysisSet, AnalysisVariable } from "@wjgj/core/api/analysis";
import { Select } from "antd";
import type { ReactNode } from "react";

/** Test variables: a mean or a rank means something only on scale and ordinal variables. */
export const isTestable = (variable: AnalysisVariable) =>
  variable.measure === "scale" || variable.measure === "ordinal";

/** Grouping and cross-tab variables: codes with labels, at least two of them. */
export const isCoded = (variable: AnalysisVariable) => variable.values.length >= 2;

export interface VariableOption {
  value: string;
  label: ReactNode;
  title: string;
  search: string;
  disabled?: boolean;
}

/** A variable listed by its label with the SPSS name beside it; both can be searched. */
export function variableOption(item: Pick<AnalysisVariable | AnalysisSet, "name" | "label">): VariableOption {
  return {
    value: item.name,
    title: `${item.label}（${item.name}）`,
    search: `${item.label} ${item.name}`,
    label: (
      <span className="wj-analysis__var">
        <span className="wj-analysis__var-label">{item.label}</span>
        <span className="wj-analysis__var-name">{item.name}</span>
      </span>
    ),
  };
}

interface CommonProps {
  label: string;
  options: VariableOption[];
  placeholder?: string;
  /** Names that may not be chosen here (already used in another role). */
  exclude?: readonly string[];
}

const search = { optionFilterProp: "search" };

function withExcluded(options: VariableOption[], exclude: readonly string[] | undefined) {
  if (!exclude?.length) return options;
  return options.map((option) => ({ ...option, disabled: exclude.includes(option.value) }));
}

export function VariableSelect({
  label,
  options,
  placeholder = "请选择变量",
  exclude,
  value,
  onChange,
}: CommonProps & { value: string | undefined; onChange: (value: string | undefined) => void }) {
  return (
    <Select<string, VariableOption>
      aria-label={label}
      className="wj-analysis__select"
      placeholder={placeholder}
      showSearch={search}
      allowClear
      value={value}
      options={withExcluded(options, exclude)}
      onChange={(next) => onChange(next ?? undefined)}
      notFoundContent="没有可选的变量"
    />
  );
}

export function VariablesSelect({
  label,
  options,
  placeholder = "可选择多个变量",
  exclude,
  value,
  onChange,
}: CommonProps & { value: string[]; onChange: (value: string[]) => void }) {
  return (
    <Select<string[], VariableOption>
      mode="multiple"
      aria-label={label}
      className="wj-analysis__select"
      placeholder={placeholder}
      showSearch={search}
      allowClear
      value={value}
      options={withExcluded(options, exclude)}
      onChange={onChange}
      notFoundContent="没有可选的变量"
    />
  );
}
