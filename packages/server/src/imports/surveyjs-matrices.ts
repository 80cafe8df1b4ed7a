import { importMessages as m } from "./messages.ts";
import {
  buildOptions,
  choicesOf,
  clamp,
  type Element,
  type MapResult,
  numberOf,
  type SjsContext,
  text,
} from "./surveyjs-choices.ts";

/** SurveyJS matrices: matrix (one choice per row), matrixdropdown (cells by column type), matrixdynamic. */
function rowsAndColumns(element: Element, ctx: SjsContext) {
  const rows = buildOptions(choicesOf(element.rows, ctx), ctx);
  const columns = buildOptions(choicesOf(element.columns, ctx), ctx);
  return { rows, columns };
}

export function matrix(element: Element, ctx: SjsContext): MapResult {
  const { rows, columns } = rowsAndColumns(element, ctx);
  if (rows.options.length === 0 || columns.options.length === 0) return { skip: m.lost("矩阵的行或列") };
  const columnLabels = new Map(
    [...columns.byValue].map(([value, id]) => [value, columns.options.find((o) => o.id === id)?.label ?? ""]),
  );
  return {
    type: "matrixSingle",
    config: { rows: rows.options, columns: columns.options, rowsRequired: element.isAllRowRequired === true },
    rows: rows.byValue,
    columnLabels,
  };
}

interface SjsColumn {
  name: string;
  title: string;
  cellType: string;
  choices: ReturnType<typeof choicesOf>;
  inputType?: string;
  required: boolean;
}

function columnsOf(element: Element, ctx: SjsContext): SjsColumn[] {
  if (!Array.isArray(element.columns)) return [];
  const defaultType = typeof element.cellType === "string" ? element.cellType : "dropdown";
  const sharedChoices = choicesOf(element.choices, ctx);
  return element.columns.flatMap((raw) => {
    const column = (typeof raw === "string" ? { name: raw } : raw) as Element;
    if (typeof column?.name !== "string") return [];
    const cellType =
      typeof column.cellType === "string" && column.cellType !== "default" ? column.cellType : defaultType;
    const own = choicesOf(column.choices, ctx);
    const choices =
      cellType === "boolean"
        ? [
            { value: true, text: "是" },
            { value: false, text: "否" },
          ]
        : own.length > 0
          ? own
          : sharedChoices.length > 0
            ? sharedChoices
            : [1, 2, 3, 4, 5].map((n) => ({ value: n, text: String(n) }));
    return [
      {
        name: column.name,
        title: (text(column.title, ctx) || column.name).slice(0, 200),
        cellType,
        choices,
        ...(typeof column.inputType === "string" ? { inputType: column.inputType } : {}),
        required: column.isRequired === true,
      },
    ];
  });
}

const choiceCells = new Set(["dropdown", "radiogroup", "boolean", "rating", "tagbox"]);
const textCells = new Set(["text", "comment"]);

export function matrixDropdown(element: Element, ctx: SjsContext): MapResult {
  const rows = buildOptions(choicesOf(element.rows, ctx), ctx);
  const columns = columnsOf(element, ctx);
  if (rows.options.length === 0 || columns.length === 0) return { skip: m.lost("矩阵的行或列") };
  const rowsRequired = element.isAllRowRequired === true;
  if (columns.every((column) => textCells.has(column.cellType))) {
    const numeric = columns.every((column) => column.inputType === "number");
    const built = buildOptions(
      columns.map((column) => ({ value: column.name, text: column.title })),
      ctx,
    );
    return {
      type: "matrixFill",
      config: {
        rows: rows.options,
        columns: built.options,
        rowsRequired,
        format: numeric ? "number" : "none",
      },
      rows: rows.byValue,
    };
  }
  const only = columns[0];
  if (columns.length === 1 && only?.cellType === "checkbox") {
    const built = buildOptions(only.choices, ctx);
    return {
      type: "matrixMultiple",
      config: { rows: rows.options, columns: built.options, rowsRequired },
      rows: rows.byValue,
    };
  }
  const usable = columns.filter((column) => choiceCells.has(column.cellType));
  const dropped = columns.filter((column) => !choiceCells.has(column.cellType));
  if (dropped.length > 0) ctx.note(m.columnsDropped(dropped.map((column) => column.title).join("、")));
  if (usable.length === 0) return { skip: m.lost("矩阵的列") };
  const used = new Set<string>();
  const config = usable.map((column, index) => {
    const id =
      /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(column.name) && !used.has(column.name)
        ? column.name
        : `c${index + 1}`;
    used.add(id);
    return { id, label: column.title, choices: buildOptions(column.choices, ctx).options };
  });
  return {
    type: "matrixDropdown",
    config: { rows: rows.options, rowsRequired, columns: config },
    rows: rows.byValue,
  };
}

export function matrixDynamic(element: Element, ctx: SjsContext, required: boolean): MapResult {
  const columns = columnsOf(element, ctx).slice(0, 20);
  if (columns.length === 0) return { skip: m.lost("表格的列") };
  const used = new Set<string>();
  const config = columns.map((column, index) => {
    const id =
      /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/.test(column.name) && !used.has(column.name)
        ? column.name
        : `c${index + 1}`;
    used.add(id);
    const select = choiceCells.has(column.cellType);
    const kind = select ? "select" : column.inputType === "number" ? "number" : "text";
    return {
      id,
      label: column.title,
      kind,
      required: column.required,
      ...(select ? { choices: buildOptions(column.choices, ctx).options } : {}),
    };
  });
  const minRows = clamp(numberOf(element.minRowCount), 0, 200, required ? 1 : 0);
  const maxRows = clamp(numberOf(element.maxRowCount), Math.max(1, minRows), 200, Math.max(20, minRows));
  return { type: "table", config: { columns: config, minRows, maxRows } };
}
