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
  /**
   * Text, so the listbox names the option by it: antd names an option by its label only when the label is a
   * string, and by its value otherwise — a screen reader heard "Q3_1", not the question.
   */
  label: string;
  title: string;
  search: string;
  /** The variable's label and SPSS name, drawn apart in the list (renderVariableOption). */
  parts: { label: string; name: string };
  disabled?: boolean;
}

/** A variable listed by its label with the SPSS name beside it; both can be searched. */
export function variableOption(item: Pick<AnalysisVariable | AnalysisSet, "name" | "label">): VariableOption {
  const text = `${item.label}（${item.name}）`;
  return {
    value: item.name,
    label: text,
    title: text,
    search: `${item.label} ${item.name}`,
    parts: { label: item.label, name: item.name },
  };
}

/** An option in the open list: the label, and the SPSS name in grey beside it. */
function renderVariableOption({ data }: { data: VariableOption }): ReactNode {
  return (
    <span className="wj-analysis__var">
      <span className="wj-analysis__var-label">{data.parts.label}</span>
      <span className="wj-analysis__var-name">{data.parts.name}</span>
    </span>
  );
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
      optionRender={renderVariableOption}
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
      optionRender={renderVariableOption}
      onChange={onChange}
      notFoundContent="没有可选的变量"
    />
  );
}
