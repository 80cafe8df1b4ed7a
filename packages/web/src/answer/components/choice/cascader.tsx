import type { CascaderNode } from "@wjgj/core/survey/types/choice/cascader";
import { isRecord, stringArray } from "../../lib/values.ts";
import { partAttrs, useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";

/** 多级联动 as one native select per level: the phone's own picker, and readable without script. */
export function Cascader({ question, value, onChange }: FieldProps<"cascader">) {
  const path = isRecord(value) ? stringArray(value.path) : [];
  const a11y = useFieldA11y();
  const { levels, nodes } = question.config;
  const columns: { caption: string; choices: readonly CascaderNode[] }[] = [];
  let level: readonly CascaderNode[] = nodes;
  for (let depth = 0; depth < levels.length && level.length > 0; depth++) {
    columns.push({ caption: levels[depth] ?? `第${depth + 1}级`, choices: level });
    const picked = level.find((node) => node.id === path[depth]);
    level = picked?.children ?? [];
  }
  const choose = (depth: number, id: string) => {
    const next = [...path.slice(0, depth), ...(id ? [id] : [])];
    onChange(next.length > 0 ? { path: next } : undefined);
  };
  return (
    <div className="wa-stack">
      {columns.map((column, depth) => (
        <select
          key={column.caption}
          className="wa-input wa-select"
          {...partAttrs(a11y, column.caption)}
          value={path[depth] ?? ""}
          disabled={depth > path.length}
          onChange={(event) => choose(depth, event.target.value)}
        >
          <option value="">请选择{column.caption}</option>
          {column.choices.map((node) => (
            <option key={node.id} value={node.id}>
              {node.label}
            </option>
          ))}
        </select>
      ))}
    </div>
  );
}
