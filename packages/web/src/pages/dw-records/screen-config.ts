import type { ReactNode } from "react";
import type { RecordEntity } from "../../api/admin-records.ts";
import type { Params } from "../../api/request.ts";

/**
 * What one screen of the admin console is: a paged list (filters, columns, row actions) and, for records
 * the admin writes, a form. Every list+form screen is the same component (record-screen.tsx) driven by
 * one of these; the screens differ only in their configs (configs/*.ts).
 */
export interface ScreenConfig<Row extends { id: number }> {
  title: string;
  /** `data-testid` of the screen. */
  testId: string;
  listPath: string;
  /** What a row is called in the total ("共 12 条资讯"). */
  unit: string;
  filters?: readonly FilterSpec[];
  columns: readonly ColumnSpec<Row>[];
  /** Present for records saved through `admin/<entity>/save` and deleted through `…/delete`. */
  editing?: EditingSpec<Row>;
  actions?: readonly RowAction<Row>[];
  /** Of the operations column; 160 px when absent. */
  actionsWidth?: number;
  /** Buttons beside the filters that belong to the screen, not to a row (订单管理's 收款账户). */
  toolbar?: () => ReactNode;
  /** More about a row under it (the audit log's before/after). */
  expand?: (row: Row) => ReactNode;
}

export interface FilterSpec {
  name: string;
  label: string;
  kind: "search" | "select";
  options?: readonly Choice[];
  /** Search boxes: only digits (phone numbers). */
  digits?: boolean;
  /** Search boxes: the longest text (11 for digits, 50 otherwise, when absent). */
  maxLength?: number;
}

export interface Choice {
  value: string | number;
  label: string;
}

export interface ColumnSpec<Row> {
  key: string;
  title: string;
  render: (row: Row) => ReactNode;
  width?: number;
  /** Long text: cut with an ellipsis, the whole in a tooltip. */
  ellipsis?: boolean;
}

export interface EditingSpec<Row> {
  entity: RecordEntity;
  /** "资讯" in 新建资讯 / 编辑资讯. */
  noun: string;
  fields: readonly FieldSpec[];
  /** Form values of a new record. */
  defaults: FormValues;
  /** Fields a row supplies differently from its own keys (e.g. a label id of null). */
  fromRow?: (row: Row) => FormValues;
  /** Wider dialogs for rich text. */
  wide?: boolean;
  canDelete?: (row: Row) => boolean;
}

export type FieldKind =
  | "text"
  | "textarea"
  | "url"
  | "number"
  | "yuan"
  | "select"
  | "switch"
  | "status"
  | "datetime"
  | "richText"
  | "limits";

export interface FieldSpec {
  /** The save call's parameter and the row's key. */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  max?: number;
  min?: number;
  help?: string;
  placeholder?: string;
  options?: readonly Choice[];
  /** Choices read from another record list (labels, help categories), by name. */
  optionsFrom?: RecordEntity;
}

export type FormValues = Record<string, unknown>;

export interface RowAction<Row> {
  label: string;
  danger?: boolean;
  visible?: (row: Row) => boolean;
  /** Asks before running; the text of the question. */
  confirm?: (row: Row) => string;
  /** Asks for a text first (a take-down reason), passed to `run`. */
  prompt?: { title: string; label: string; max: number; placeholder?: string; optional?: boolean };
  /** Asks for a file instead (an invoice's PDF): the button opens the file chooser, `run` gets the file. */
  file?: { accept: string };
  run: (row: Row, input: string, file?: File) => Promise<unknown>;
  /** Toast after success. */
  done: string;
}

export type { Params };
