import type { CompareOp, Condition } from "@wjgj/core";
import {
  parseSjsExpression,
  printSjsExpression,
  type SjsBinaryOp,
  type SjsConst,
  type SjsExpr,
  type SjsOperand,
} from "./surveyjs-expression.ts";
import { valueKey } from "./surveyjs-values.ts";

/** How a condition may read a question, by its type in the product. */
export type SjsValueKind =
  | "choice1"
  | "choiceN"
  | "number"
  | "text"
  | "ordered"
  | "matrix"
  | "blanks"
  | "other";

/** What the importer knows of an earlier question when it maps a condition that names it. */
export interface SjsQuestionRef {
  id: string;
  valueKind: SjsValueKind;
  /** Choice value (valueKey) → option id, for choice questions. */
  options?: ReadonlyMap<string, string>;
  /** For a 矩阵单选: row value → row id, and column value → the column's label. */
  rows?: ReadonlyMap<string, string>;
  columnLabels?: ReadonlyMap<string, string>;
  /** For 多项填空: item name → blank id. */
  blanks?: ReadonlyMap<string, string>;
}

export function valueKindOf(type: string): SjsValueKind {
  if (["single", "dropdown", "imageSingle", "trueFalse", "voteSingle", "appointment"].includes(type))
    return "choice1";
  if (["multiple", "imageMultiple", "voteMultiple"].includes(type)) return "choiceN";
  if (["number", "likert", "star", "nps", "slider"].includes(type)) return "number";
  if (type === "text" || type === "textarea") return "text";
  if (type === "date" || type === "time") return "ordered";
  if (type === "matrixSingle") return "matrix";
  if (type === "multiBlank" || type === "inlineBlank") return "blanks";
  return "other";
}

type Resolve = (name: string) => SjsQuestionRef | undefined;
type Mapped = Condition | null;

const compareOps: Partial<Record<SjsBinaryOp, CompareOp>> = {
  eq: "eq",
  ne: "ne",
  gt: "gt",
  lt: "lt",
  ge: "ge",
  le: "le",
  contains: "contains",
};
const swapped: Partial<Record<SjsBinaryOp, SjsBinaryOp>> = {
  eq: "eq",
  ne: "ne",
  gt: "lt",
  lt: "gt",
  ge: "le",
  le: "ge",
};

function optionIds(ref: SjsQuestionRef, values: readonly SjsConst[]): string[] | null {
  const ids = values.map((value) => ref.options?.get(valueKey(value)));
  return ids.length > 0 && ids.every((id): id is string => id !== undefined) ? ids : null;
}

function asNumber(value: SjsConst): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^-?\d+(?:\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

const holds: Partial<Record<SjsBinaryOp, (a: number, b: number) => boolean>> = {
  gt: (a, b) => a > b,
  lt: (a, b) => a < b,
  ge: (a, b) => a >= b,
  le: (a, b) => a <= b,
};

/** `{q} > 1` on a choice question with numeric values: the options whose values satisfy it. */
function orderedChoice(ref: SjsQuestionRef, op: SjsBinaryOp, right: SjsOperand): Mapped {
  const test = holds[op];
  const bound = right.kind === "const" ? asNumber(right.value) : null;
  if (!test || bound === null || ref.valueKind !== "choice1") return null;
  const ids = [...(ref.options ?? [])].flatMap(([key, id]) => {
    const value = asNumber(key);
    return value !== null && test(value, bound) ? [id] : [];
  });
  return ids.length > 0
    ? { kind: "selected", questionId: ref.id, optionIds: [...new Set(ids)], match: "any" }
    : null;
}

function choiceLeaf(ref: SjsQuestionRef, op: SjsBinaryOp, right: SjsOperand): Mapped {
  if (holds[op]) return orderedChoice(ref, op, right);
  const values = right.kind === "array" ? right.items : right.kind === "const" ? [right.value] : null;
  if (!values) return null;
  const ids = optionIds(ref, values);
  if (!ids) return null;
  const questionId = ref.id;
  const single = ref.valueKind === "choice1";
  switch (op) {
    case "eq":
      // `{checkbox} = ['a', 'b']` means exactly that set, which no product condition says in one leaf.
      return right.kind === "const" && single
        ? { kind: "selected", questionId, optionIds: ids, match: "any" }
        : null;
    case "ne":
      return right.kind === "const" && single
        ? { kind: "notSelected", questionId, optionIds: ids, match: "any" }
        : null;
    case "contains":
    case "anyof":
      return { kind: "selected", questionId, optionIds: ids, match: "any" };
    case "allof":
      return { kind: "selected", questionId, optionIds: ids, match: "all" };
    case "notcontains":
      return right.kind === "const"
        ? { kind: "notSelected", questionId, optionIds: ids, match: "any" }
        : null;
    case "noneof":
      return { kind: "notSelected", questionId, optionIds: ids, match: "all" };
    default:
      return null;
  }
}

function compareLeaf(
  ref: SjsQuestionRef,
  key: string | undefined,
  op: SjsBinaryOp,
  right: SjsOperand,
): Mapped {
  if (right.kind !== "const" || right.value === null || typeof right.value === "boolean") return null;
  const keyPart = key === undefined ? {} : { key };
  if (op === "notcontains") {
    if (ref.valueKind !== "text" && ref.valueKind !== "blanks") return null;
    const inner: Condition = {
      kind: "compare",
      questionId: ref.id,
      ...keyPart,
      op: "contains",
      value: String(right.value),
    };
    return { kind: "not", condition: inner };
  }
  const compareOp = compareOps[op];
  if (!compareOp) return null;
  let value: number | string = right.value;
  if (ref.valueKind === "number") {
    const number = asNumber(right.value);
    if (number === null || compareOp === "contains") return null;
    value = number;
  } else if (ref.valueKind === "matrix") {
    if (key === undefined || (compareOp !== "eq" && compareOp !== "ne")) return null;
    const label = ref.columnLabels?.get(valueKey(right.value));
    if (label === undefined) return null;
    value = label;
  } else if (ref.valueKind === "ordered" || (ref.valueKind === "text" && compareOp === "contains")) {
    value = String(right.value);
  }
  return { kind: "compare", questionId: ref.id, ...keyPart, op: compareOp, value };
}

function resolveVar(name: string, resolve: Resolve): { ref: SjsQuestionRef; key?: string } | null {
  const whole = resolve(name);
  if (whole) return { ref: whole };
  const dot = name.indexOf(".");
  if (dot < 0) return null;
  const ref = resolve(name.slice(0, dot));
  const part = name.slice(dot + 1);
  if (!ref) return null;
  const key =
    ref.valueKind === "matrix"
      ? ref.rows?.get(part)
      : ref.valueKind === "blanks"
        ? ref.blanks?.get(part)
        : undefined;
  return key === undefined ? null : { ref, key };
}

function leaf(expr: Extract<SjsExpr, { kind: "binary" }>, resolve: Resolve): Mapped {
  let { op, left, right } = expr;
  if (left.kind !== "var" && right.kind === "var") {
    const turned = swapped[op];
    if (!turned) return null;
    [left, right, op] = [right, left, turned];
  }
  if (left.kind !== "var" || right.kind === "var") return null;
  const found = resolveVar(left.name, resolve);
  if (!found) return null;
  const { ref, key } = found;
  if (key === undefined && (ref.valueKind === "choice1" || ref.valueKind === "choiceN"))
    return choiceLeaf(ref, op, right);
  if (ref.valueKind === "other" || ref.valueKind === "choice1" || ref.valueKind === "choiceN") return null;
  if (key === undefined && (ref.valueKind === "matrix" || ref.valueKind === "blanks")) return null;
  return compareLeaf(ref, key, op, right);
}

function toCondition(expr: SjsExpr, resolve: Resolve): Mapped {
  switch (expr.kind) {
    case "and":
    case "or": {
      const conditions = expr.items.map((item) => toCondition(item, resolve));
      if (conditions.some((condition) => condition === null)) return null;
      return { kind: expr.kind === "and" ? "all" : "any", conditions: conditions as Condition[] };
    }
    case "not": {
      const condition = toCondition(expr.expr, resolve);
      return condition ? { kind: "not", condition } : null;
    }
    case "unary":
    case "operand": {
      if (expr.operand.kind !== "var") return null;
      const found = resolveVar(expr.operand.name, resolve);
      if (!found || found.key !== undefined) return null;
      const empty = expr.kind === "unary" && expr.op === "empty";
      return { kind: empty ? "notAnswered" : "answered", questionId: found.ref.id };
    }
    case "binary":
      return leaf(expr, resolve);
  }
}

/** A SurveyJS condition as a product condition, or null when any part of it cannot be expressed. */
export function sjsToCondition(source: string, resolve: Resolve): Condition | null {
  const expr = parseSjsExpression(source);
  return expr ? toCondition(expr, resolve) : null;
}

/** What the export knows of a question a condition reads. */
export interface SjsExportRef {
  name: string;
  valueKind: SjsValueKind;
  /** The SurveyJS value of one of its options (choices, or a matrix's columns). */
  valueOf(optionId: string): SjsConst | undefined;
  /** The SurveyJS name of a matrix row or a 多项填空 item, for `{q.row}`. */
  keyName?(key: string): string | undefined;
  /** For a 矩阵单选: the value of the column with this label. */
  columnValueOfLabel?(label: string): SjsConst | undefined;
}

type Lookup = (questionId: string) => SjsExportRef | undefined;

function variable(name: string): SjsOperand {
  return { kind: "var", name };
}

function joined(kind: "and" | "or", items: SjsExpr[]): SjsExpr {
  return items.length === 1 ? (items[0] as SjsExpr) : { kind, items };
}

function selectionToSjs(
  condition: Extract<Condition, { kind: "selected" | "notSelected" }>,
  ref: SjsExportRef,
) {
  const values = condition.optionIds.map((id) => ref.valueOf(id));
  if (values.some((value) => value === undefined)) return null;
  const consts = values as SjsConst[];
  const single = ref.valueKind === "choice1";
  if (!single && ref.valueKind !== "choiceN") return null;
  const one = (value: SjsConst, positive: boolean): SjsExpr => ({
    kind: "binary",
    op: positive ? (single ? "eq" : "contains") : single ? "ne" : "notcontains",
    left: variable(ref.name),
    right: { kind: "const", value },
  });
  if (condition.kind === "selected") {
    if (consts.length === 1) return one(consts[0] as SjsConst, true);
    const op = condition.match === "any" ? "anyof" : "allof";
    return {
      kind: "binary",
      op,
      left: variable(ref.name),
      right: { kind: "array", items: consts },
    } as SjsExpr;
  }
  // notSelected any: at least one is not chosen; all: none is chosen.
  return joined(
    condition.match === "any" ? "or" : "and",
    consts.map((value) => one(value, false)),
  );
}

const sjsOps: Record<CompareOp, SjsBinaryOp> = {
  eq: "eq",
  ne: "ne",
  gt: "gt",
  lt: "lt",
  ge: "ge",
  le: "le",
  contains: "contains",
};

function compareToSjs(condition: Extract<Condition, { kind: "compare" }>, ref: SjsExportRef): SjsExpr | null {
  let name = ref.name;
  let value: SjsConst = condition.value;
  if (condition.key !== undefined) {
    const keyName = ref.keyName?.(condition.key);
    if (keyName === undefined) return null;
    name = `${ref.name}.${keyName}`;
    if (ref.valueKind === "matrix") {
      const column = ref.columnValueOfLabel?.(String(condition.value));
      if (column === undefined) return null;
      value = column;
    }
  }
  return { kind: "binary", op: sjsOps[condition.op], left: variable(name), right: { kind: "const", value } };
}

function toSjs(condition: Condition, lookup: Lookup): SjsExpr | null {
  switch (condition.kind) {
    case "all":
    case "any": {
      const items = condition.conditions.map((inner) => toSjs(inner, lookup));
      if (items.length === 0 || items.some((item) => item === null)) return null;
      return joined(condition.kind === "all" ? "and" : "or", items as SjsExpr[]);
    }
    case "not": {
      const inner = toSjs(condition.condition, lookup);
      return inner ? { kind: "not", expr: inner } : null;
    }
    case "selected":
    case "notSelected": {
      const ref = lookup(condition.questionId);
      return ref ? selectionToSjs(condition, ref) : null;
    }
    case "compare": {
      const ref = lookup(condition.questionId);
      return ref ? compareToSjs(condition, ref) : null;
    }
    case "answered":
    case "notAnswered": {
      const ref = lookup(condition.questionId);
      if (!ref) return null;
      return {
        kind: "unary",
        op: condition.kind === "answered" ? "notempty" : "empty",
        operand: variable(ref.name),
      };
    }
    default:
      return null;
  }
}

/** A product condition as SurveyJS text, or null when it uses what SurveyJS cannot say (expressions, 计算值). */
export function conditionToSjs(condition: Condition, lookup: Lookup): string | null {
  const expr = toSjs(condition, lookup);
  return expr ? printSjsExpression(expr) : null;
}
