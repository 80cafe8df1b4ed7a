import {
  BorderOutlined,
  CheckCircleFilled,
  CheckSquareFilled,
  StarFilled,
  StarOutlined,
} from "@ant-design/icons";
import { type Option, type Question, richTextToPlain } from "@wjgj/core";
import type { ReactNode } from "react";

/** A read-only mark drawn the way the answer page draws the control: a circle for one, a square for many. */
function Mark({ kind, on }: { kind: "radio" | "checkbox"; on: boolean }) {
  const icon =
    kind === "radio" ? (
      on ? (
        <CheckCircleFilled />
      ) : (
        <span className="wj-answer-view__circle" />
      )
    ) : on ? (
      <CheckSquareFilled />
    ) : (
      <BorderOutlined className="wj-muted" />
    );
  return (
    <span
      className="wj-answer-view__mark"
      data-mark={kind}
      data-on={on ? "1" : "0"}
      role="img"
      aria-label={on ? "已选" : "未选"}
    >
      {icon}
    </span>
  );
}

const plain = (label: string) => richTextToPlain(label);

export function ChoiceList({
  kind,
  options,
  selected,
  otherTexts,
}: {
  kind: "radio" | "checkbox";
  options: Option[];
  selected: readonly string[];
  otherTexts: Record<string, string>;
}) {
  const chosen = new Set(selected);
  return (
    <ul className="wj-answer-view__choices">
      {options.map((option) => (
        <li key={option.id} className={chosen.has(option.id) ? "is-chosen" : undefined}>
          <Mark kind={kind} on={chosen.has(option.id)} />
          <span>{plain(option.label)}</span>
          {chosen.has(option.id) && otherTexts[option.id] ? (
            <span className="wj-answer-view__other">：{otherTexts[option.id]}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Rows × columns with the chosen cell(s) of each row marked, as the respondent's grid. */
function MatrixGrid({
  rows,
  columns,
  cell,
}: {
  rows: Option[];
  columns: { id: string; label: string }[];
  cell: (rowId: string, columnId: string) => ReactNode;
}) {
  return (
    <div className="wj-answer-view__scroll">
      <table className="wj-answer-view__matrix">
        <thead>
          <tr>
            <th aria-label="行" />
            {columns.map((column) => (
              <th key={column.id} scope="col">
                {plain(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-row={row.id}>
              <th scope="row">{plain(row.label)}</th>
              {columns.map((column) => (
                <td key={column.id} data-column={column.id}>
                  {cell(row.id, column.id)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function scalePoints(points: number, start: number, labels: readonly string[] | undefined) {
  return Array.from({ length: points }, (_, i) => ({
    id: String(start + i),
    label: labels?.[i] ?? String(start + i),
  }));
}

function PointRow({ points, value }: { points: { id: string; label: string }[]; value: number }) {
  return (
    <div className="wj-answer-view__points">
      {points.map((point) => (
        <span key={point.id} className={point.id === String(value) ? "is-chosen" : undefined}>
          {point.label}
        </span>
      ))}
    </div>
  );
}

function Stars({ value, max }: { value: number; max: number }) {
  return (
    <div className="wj-answer-view__stars" role="img" aria-label={`${value} 星（满分 ${max} 星）`}>
      {Array.from({ length: max }, (_, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: stars have no identity but their position
        i < value ? <StarFilled key={i} /> : <StarOutlined key={i} className="wj-muted" />,
      )}
      <span>{value} 星</span>
    </div>
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The answer drawn per type the way the respondent gave it (one circle for single choices, squares for
 * multiple ones, the chosen column of each matrix row, the ranking order…); null for types whose text
 * reads well enough (dates, blanks, region…), which the caller shows as text.
 */
export function typedAnswer(question: Question, answer: unknown, options: Option[]): ReactNode | null {
  switch (question.type) {
    case "single":
    case "dropdown":
    case "imageSingle":
    case "trueFalse":
    case "voteSingle":
    case "appointment": {
      const single = answer as { optionId: string; otherText?: string };
      const others: Record<string, string> = single.otherText ? { [single.optionId]: single.otherText } : {};
      return <ChoiceList kind="radio" options={options} selected={[single.optionId]} otherTexts={others} />;
    }
    case "multiple":
    case "imageMultiple":
    case "voteMultiple": {
      const multiple = answer as { optionIds: string[]; otherTexts?: Record<string, string> };
      return (
        <ChoiceList
          kind="checkbox"
          options={options}
          selected={multiple.optionIds}
          otherTexts={multiple.otherTexts ?? {}}
        />
      );
    }
    case "matrixSingle": {
      const picked = answer as Record<string, string>;
      const columns = question.config.columns;
      return (
        <MatrixGrid
          rows={options}
          columns={columns}
          cell={(row, column) => <Mark kind="radio" on={picked[row] === column} />}
        />
      );
    }
    case "matrixMultiple": {
      const picked = answer as Record<string, string[]>;
      return (
        <MatrixGrid
          rows={options}
          columns={question.config.columns}
          cell={(row, column) => <Mark kind="checkbox" on={(picked[row] ?? []).includes(column)} />}
        />
      );
    }
    case "matrixScale": {
      const picked = answer as Record<string, number>;
      const { points, start, labels } = question.config.scale;
      return (
        <MatrixGrid
          rows={options}
          columns={scalePoints(points, start, labels)}
          cell={(row, column) => <Mark kind="radio" on={String(picked[row]) === column} />}
        />
      );
    }
    case "matrixFill": {
      const cells = answer as Record<string, Record<string, string>>;
      return (
        <MatrixGrid
          rows={options}
          columns={question.config.columns}
          cell={(row, column) => cells[row]?.[column] ?? ""}
        />
      );
    }
    case "matrixDropdown": {
      const cells = answer as Record<string, Record<string, string>>;
      const byId = new Map(question.config.columns.map((column) => [column.id, column.choices]));
      return (
        <MatrixGrid
          rows={options}
          columns={question.config.columns}
          cell={(row, column) => {
            const choice = cells[row]?.[column];
            if (choice === undefined) return "";
            return plain(byId.get(column)?.find((option) => option.id === choice)?.label ?? choice);
          }}
        />
      );
    }
    case "table": {
      const rows = Array.isArray(answer) ? answer.filter(isRecord) : [];
      const columns = question.config.columns;
      const shown = (column: (typeof columns)[number], value: unknown) =>
        column.kind === "select"
          ? plain(column.choices?.find((choice) => choice.id === value)?.label ?? String(value ?? ""))
          : String(value ?? "");
      return (
        <div className="wj-answer-view__scroll">
          <table className="wj-answer-view__matrix">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.id} scope="col">
                    {plain(column.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: table rows are identified by their position
                <tr key={index}>
                  {columns.map((column) => (
                    <td key={column.id}>{shown(column, row[column.id])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case "ranking": {
      const order = answer as string[];
      const byId = new Map(options.map((option) => [option.id, option.label]));
      return (
        <ol className="wj-answer-view__ranking">
          {order.map((id) => (
            <li key={id}>{plain(byId.get(id) ?? id)}</li>
          ))}
        </ol>
      );
    }
    case "allocation": {
      const points = answer as Record<string, number>;
      return (
        <ul className="wj-answer-view__choices">
          {options.map((option) => (
            <li key={option.id} className={(points[option.id] ?? 0) > 0 ? "is-chosen" : undefined}>
              <span>{plain(option.label)}</span>
              <span>
                {points[option.id] ?? 0} / {question.config.total}
              </span>
            </li>
          ))}
        </ul>
      );
    }
    case "star":
      return <Stars value={answer as number} max={question.config.max} />;
    case "nps":
      return <PointRow points={scalePoints(11, 0, undefined)} value={answer as number} />;
    case "likert": {
      const { points, start, labels } = question.config;
      return <PointRow points={scalePoints(points, start, labels)} value={answer as number} />;
    }
    default:
      return null;
  }
}
