import { PlusOutlined } from "@ant-design/icons";
import type { Option, Question } from "@wjgj/core";
import { Button, Input, Select } from "antd";
import { useState } from "react";
import { enumLabels } from "../../lib/config-schema.ts";
import { linesToTree, treeToLines } from "../../lib/tree-text.ts";
import { nextId } from "../../store/ids.ts";
import { RemoveButton } from "../remove-button.tsx";

/** 多级联动 options as indented lines (two spaces per level), easy to paste from a spreadsheet. */
export function TreeEditor({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(() => treeToLines(Array.isArray(value) ? value : []));
  return (
    <div className="dd-list-editor">
      <Input.TextArea
        rows={8}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-label="联动选项"
      />
      <p className="dd-hint">每行一个选项，下级选项比上级多缩进两个空格。</p>
      <Button size="small" onClick={() => onChange(linesToTree(text))}>
        应用
      </Button>
    </div>
  );
}

interface DropdownColumn {
  id: string;
  label: string;
  kind?: "text" | "number" | "select";
  required?: boolean;
  choices?: Option[];
}

/** Columns of 矩阵下拉 (each with its choices) and 表格自增 (text / number / select). */
export function ColumnsEditor({
  question,
  value,
  onChange,
}: {
  question: Question;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const columns = Array.isArray(value) ? (value as DropdownColumn[]) : [];
  const table = question.type === "table";
  const update = (index: number, patch: Partial<DropdownColumn>) =>
    onChange(columns.map((column, i) => (i === index ? { ...column, ...patch } : column)));
  const choicesText = (column: DropdownColumn) =>
    (column.choices ?? []).map((choice) => choice.label).join("、");
  const toChoices = (text: string, previous: Option[] = []): Option[] =>
    text
      .split(/[、,，\n]/)
      .map((label) => label.trim())
      .filter(Boolean)
      .map((label, i) => ({ id: previous[i]?.id ?? `o${i + 1}`, label }));
  return (
    <div className="dd-list-editor">
      {columns.map((column, index) => (
        <div key={column.id} className="dd-pattern">
          <div className="dd-list-editor__row">
            <Input
              size="small"
              value={column.label}
              placeholder={`列${index + 1}`}
              onChange={(event) => update(index, { label: event.target.value })}
            />
            {table && (
              <Select
                size="small"
                style={{ width: 96 }}
                value={column.kind ?? "text"}
                options={Object.entries(enumLabels.kind ?? {}).map(([key, label]) => ({ value: key, label }))}
                onChange={(kind) =>
                  update(index, {
                    kind,
                    choices:
                      kind === "select" ? (column.choices ?? [{ id: "o1", label: "选项1" }]) : undefined,
                  })
                }
              />
            )}
            {columns.length > 1 && (
              <RemoveButton label="删除列" onClick={() => onChange(columns.filter((_, i) => i !== index))} />
            )}
          </div>
          {(!table || column.kind === "select") && (
            <Input
              size="small"
              placeholder="下拉选项，用、分隔"
              defaultValue={choicesText(column)}
              onBlur={(event) => update(index, { choices: toChoices(event.target.value, column.choices) })}
            />
          )}
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() =>
          onChange([
            ...columns,
            table
              ? {
                  id: nextId(new Set(columns.map((c) => c.id)), "c"),
                  label: `列${columns.length + 1}`,
                  kind: "text",
                  required: true,
                }
              : {
                  id: nextId(new Set(columns.map((c) => c.id)), "c"),
                  label: `列${columns.length + 1}`,
                  choices: [{ id: "o1", label: "选项1" }],
                },
          ])
        }
      >
        添加列
      </Button>
    </div>
  );
}
