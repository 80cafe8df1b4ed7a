import type { ReactNode } from "react";
import { isRecord, numberRecord, stringArray, stringRecord, withEntry } from "../../lib/values.ts";
import { partAttrs, useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps, ViewOption } from "../field-types.ts";
import { likertPoints, ScalePoints } from "../rating/rating-fields.tsx";
import { inputPropsFor } from "../text/text-fields.tsx";

/**
 * Matrices on a phone: one block per row (its label, then its columns as choices), instead of a wide table
 * that would need sideways scrolling. Rows are the engine's offered options, so row logic applies.
 */
function Rows(props: { rows: readonly ViewOption[]; render(row: ViewOption): ReactNode }) {
  return (
    <div className="wa-matrix">
      {props.rows.map((row) => (
        <fieldset key={row.id} className="wa-matrix-row">
          <legend className="wa-matrix-label">{row.label}</legend>
          {props.render(row)}
        </fieldset>
      ))}
    </div>
  );
}

function nested<V>(value: unknown, narrow: (cell: unknown) => V): Record<string, V> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).map(([key, cell]) => [key, narrow(cell)]));
}

export function MatrixSingleField({ question, value, options, onChange }: FieldProps<"matrixSingle">) {
  const answer = stringRecord(value);
  const a11y = useFieldA11y();
  return (
    <Rows
      rows={options}
      render={(row) => (
        <div className="wa-chips" role="radiogroup" {...partAttrs(a11y, row.label)}>
          {question.config.columns.map((column) => (
            <label key={column.id} className={`wa-chip${answer[row.id] === column.id ? " is-on" : ""}`}>
              <input
                type="radio"
                name={`${question.id}.${row.id}`}
                checked={answer[row.id] === column.id}
                onChange={() => onChange(withEntry(answer, row.id, column.id))}
              />
              {column.label}
            </label>
          ))}
        </div>
      )}
    />
  );
}

export function MatrixMultipleField({ question, value, options, onChange }: FieldProps<"matrixMultiple">) {
  const answer = nested(value, stringArray);
  const toggle = (rowId: string, columnId: string) => {
    const picked = answer[rowId] ?? [];
    const next = picked.includes(columnId) ? picked.filter((id) => id !== columnId) : [...picked, columnId];
    onChange(withEntry(answer, rowId, next.length > 0 ? next : undefined));
  };
  return (
    <Rows
      rows={options}
      render={(row) => (
        <div className="wa-chips">
          {question.config.columns.map((column) => {
            const on = (answer[row.id] ?? []).includes(column.id);
            return (
              <label key={column.id} className={`wa-chip${on ? " is-on" : ""}`}>
                <input type="checkbox" checked={on} onChange={() => toggle(row.id, column.id)} />
                {column.label}
              </label>
            );
          })}
        </div>
      )}
    />
  );
}

/**
 * A matrix answered cell by cell (填空, 下拉): per row, each column's label and its control; an emptied
 * cell drops out of the answer.
 */
function CellRows<C extends { id: string; label: string }>(props: {
  rows: readonly ViewOption[];
  columns: readonly C[];
  value: unknown;
  onChange(next: Record<string, Record<string, string>> | undefined): void;
  control(
    column: C,
    cell: string,
    set: (next: string) => void,
    attrs: Record<string, string | boolean>,
  ): ReactNode;
}) {
  const a11y = useFieldA11y();
  const answer = nested(props.value, stringRecord);
  return (
    <Rows
      rows={props.rows}
      render={(row) =>
        props.columns.map((column) => (
          // biome-ignore lint/a11y/noLabelWithoutControl: props.control renders the input inside this label
          <label key={column.id} className="wa-blank-row">
            <span className="wa-blank-label">{column.label}</span>
            {props.control(
              column,
              answer[row.id]?.[column.id] ?? "",
              (next) =>
                props.onChange(
                  withEntry(answer, row.id, withEntry(answer[row.id] ?? {}, column.id, next || undefined)),
                ),
              partAttrs(a11y, `${row.label} ${column.label}`),
            )}
          </label>
        ))
      }
    />
  );
}

export function MatrixFillField({ question, value, options, onChange }: FieldProps<"matrixFill">) {
  const input = inputPropsFor(question.config.format);
  return (
    <CellRows
      rows={options}
      columns={question.config.columns}
      value={value}
      onChange={onChange}
      control={(_column, cell, set, attrs) => (
        <input
          className="wa-input"
          {...input}
          {...attrs}
          value={cell}
          onChange={(event) => set(event.target.value)}
        />
      )}
    />
  );
}

export function MatrixScaleField({ question, value, options, onChange }: FieldProps<"matrixScale">) {
  const answer = numberRecord(value);
  const scale = question.config.scale;
  const a11y = useFieldA11y();
  return (
    <Rows
      rows={options}
      render={(row) => (
        <ScalePoints
          name={`${question.id}.${row.id}`}
          group={partAttrs(a11y, row.label)}
          points={likertPoints(scale)}
          value={answer[row.id] ?? null}
          onChange={(point) => onChange(withEntry(answer, row.id, point))}
          minLabel={scale.minLabel}
          maxLabel={scale.maxLabel}
          labels={scale.labels}
        />
      )}
    />
  );
}

export function MatrixDropdownField({ question, value, options, onChange }: FieldProps<"matrixDropdown">) {
  return (
    <CellRows
      rows={options}
      columns={question.config.columns}
      value={value}
      onChange={onChange}
      control={(column, cell, set, attrs) => (
        <select
          className="wa-input wa-select"
          {...attrs}
          value={cell}
          onChange={(event) => set(event.target.value)}
        >
          <option value="">请选择</option>
          {column.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
