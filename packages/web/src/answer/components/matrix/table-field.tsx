import type { TableColumn } from "@wjgj/core/survey/types/matrix/table";
import { isRecord } from "../../lib/values.ts";
import { partAttrs, useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { NumberInput } from "../text/more-text-fields.tsx";

type Row = Record<string, string | number>;

function rowsOf(value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isRecord)
    .map((row) =>
      Object.fromEntries(
        Object.entries(row).filter(
          (e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number",
        ),
      ),
    );
}

function Cell(props: {
  column: TableColumn;
  /** "第 2 行": the cell's name is the question's, the row's and the column's. */
  row: string;
  value: string | number | undefined;
  onChange(value: string | number | undefined): void;
}) {
  const { column } = props;
  const a11y = useFieldA11y();
  const name = `${props.row} ${column.label}`;
  const attrs = partAttrs(a11y, name, column.required === true);
  if (column.kind === "number")
    return <NumberInput label={name} decimals value={props.value} onChange={props.onChange} />;
  if (column.kind === "select")
    return (
      <select
        className="wa-input wa-select"
        {...attrs}
        value={typeof props.value === "string" ? props.value : ""}
        onChange={(event) => props.onChange(event.target.value || undefined)}
      >
        <option value="">请选择</option>
        {(column.choices ?? []).map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  return (
    <input
      className="wa-input"
      {...attrs}
      value={props.value === undefined ? "" : String(props.value)}
      onChange={(event) => props.onChange(event.target.value || undefined)}
    />
  );
}

/** 表格自增: one card per row with 删除, and 添加一行 up to maxRows; empty until the first cell is typed. */
export function TableField({ question, value, onChange }: FieldProps<"table">) {
  const { columns, minRows, maxRows } = question.config;
  const stored = rowsOf(value);
  const shown = stored.length > 0 ? stored : Array.from({ length: Math.max(minRows, 1) }, (): Row => ({}));
  const emit = (rows: Row[]) =>
    onChange(rows.every((row) => Object.keys(row).length === 0) ? undefined : rows);
  const setCell = (index: number, columnId: string, cell: string | number | undefined) =>
    emit(
      shown.map((row, i) => {
        if (i !== index) return row;
        const next = { ...row };
        if (cell === undefined) delete next[columnId];
        else next[columnId] = cell;
        return next;
      }),
    );
  return (
    <div className="wa-stack">
      {shown.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
        <div key={index} className="wa-table-row">
          <div className="wa-table-head">
            <span>{`第 ${index + 1} 行`}</span>
            {shown.length > minRows && shown.length > 1 ? (
              <button
                type="button"
                className="wa-link"
                aria-label={`删除第 ${index + 1} 行`}
                onClick={() => emit(shown.filter((_, i) => i !== index))}
              >
                删除
              </button>
            ) : null}
          </div>
          {columns.map((column) => (
            <div key={column.id} className="wa-blank-row">
              <span className="wa-blank-label">
                {column.label}
                {column.required ? (
                  <i className="wa-req" aria-hidden="true">
                    *
                  </i>
                ) : null}
              </span>
              <Cell
                column={column}
                row={`第 ${index + 1} 行`}
                value={row[column.id]}
                onChange={(cell) => setCell(index, column.id, cell)}
              />
            </div>
          ))}
        </div>
      ))}
      {shown.length < maxRows ? (
        <button type="button" className="wa-btn wa-btn-ghost" onClick={() => onChange([...shown, {}])}>
          + 添加一行
        </button>
      ) : null}
    </div>
  );
}
