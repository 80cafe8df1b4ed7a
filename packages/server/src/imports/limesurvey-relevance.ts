import type { CompareOp, Condition } from "@wjgj/core";
import type { LsCondition } from "./limesurvey-tables.ts";

/**
 * LimeSurvey relevance equations (ExpressionScript) in their simple forms: `Q1 == "A1"`, `Q1.NAOK != "A2"`,
 * `Q2 > 3`, `Q3_SQ001 == "Y"`, `!is_empty(Q4)`, combined with and/or/!/parentheses (`eq`, `ne`, `lt`… as
 * words too). Anything else (count(), sum(), arithmetic, regex) is not mapped and the importer reports it.
 */
export type LsValueKind =
  | "choice1"
  | "choiceN"
  | "number"
  | "text"
  | "ordered"
  | "matrix"
  | "matrixNumber"
  | "blanks"
  | "other";

export interface LsRef {
  id: string;
  kind: LsValueKind;
  /** Answer code (or, for multiple choice, subquestion code) → option id. */
  options: ReadonlyMap<string, string>;
  /** Subquestion code → row id (arrays) or blank id (multiple texts/numbers). */
  keys: ReadonlyMap<string, string>;
  /** Answer code → column label, for arrays whose cells are answers. */
  columns: ReadonlyMap<string, string>;
}

export type Resolve = (name: string) => { ref: LsRef; sub?: string } | null;

type Op = "==" | "!=" | "<" | "<=" | ">" | ">=";
type Value = string | number;
type LsExpr =
  | { kind: "and" | "or"; items: LsExpr[] }
  | { kind: "not"; expr: LsExpr }
  | { kind: "cmp"; name: string; op: Op; value: Value }
  | { kind: "empty"; name: string }
  | { kind: "var"; name: string }
  | { kind: "const"; value: Value };

type Token = { t: "id" | "str" | "num" | "op"; v: string };

const wordOps: Record<string, string> = {
  and: "&&",
  or: "||",
  not: "!",
  eq: "==",
  ne: "!=",
  lt: "<",
  le: "<=",
  gt: ">",
  ge: ">=",
};
const symbolOps = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!", "(", ")", ","];

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      let j = 1;
      let value = "";
      while (j < rest.length && rest[j] !== quote) {
        if (rest[j] === "\\" && j + 1 < rest.length) j += 1;
        value += rest[j];
        j += 1;
      }
      if (j >= rest.length) return null;
      tokens.push({ t: "str", v: value });
      i += j + 1;
      continue;
    }
    const sgqa = /^\d+X\d+X\d+[A-Za-z0-9_#]*(?:\.[A-Za-z]+)?/.exec(rest);
    const number = /^\d+(?:\.\d+)?/.exec(rest);
    const id = /^[A-Za-z_][A-Za-z0-9_#]*(?:\.[A-Za-z]+)?/.exec(rest);
    const symbol = symbolOps.find((candidate) => rest.startsWith(candidate));
    if (sgqa) tokens.push({ t: "id", v: sgqa[0] });
    else if (number) tokens.push({ t: "num", v: number[0] });
    else if (id) {
      const op = wordOps[id[0].toLowerCase()];
      tokens.push(op ? { t: "op", v: op } : { t: "id", v: id[0] });
    } else if (symbol) tokens.push({ t: "op", v: symbol });
    else return null;
    i += (sgqa ?? number ?? id)?.[0].length ?? symbol?.length ?? 1;
  }
  return tokens;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private is(value: string): boolean {
    const token = this.tokens[this.at];
    return token?.t === "op" && token.v === value;
  }

  parse(): LsExpr | null {
    const expr = this.list("||", "or", () => this.list("&&", "and", () => this.unary()));
    return expr && this.at === this.tokens.length ? expr : null;
  }

  private list(symbol: string, kind: "and" | "or", next: () => LsExpr | null): LsExpr | null {
    const items: LsExpr[] = [];
    for (;;) {
      const item = next();
      if (!item) return null;
      items.push(item);
      if (!this.is(symbol)) break;
      this.at += 1;
    }
    return items.length === 1 ? (items[0] as LsExpr) : { kind, items };
  }

  private unary(): LsExpr | null {
    if (this.is("!")) {
      this.at += 1;
      const inner = this.unary();
      return inner ? { kind: "not", expr: inner } : null;
    }
    const left = this.primary();
    if (!left) return null;
    const token = this.tokens[this.at];
    if (token?.t !== "op" || !["==", "!=", "<", "<=", ">", ">="].includes(token.v)) return left;
    this.at += 1;
    const right = this.primary();
    if (!right) return null;
    const op = token.v as Op;
    if (left.kind === "var" && right.kind === "const")
      return { kind: "cmp", name: left.name, op, value: right.value };
    const flipped: Record<Op, Op> = { "==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<=" };
    if (left.kind === "const" && right.kind === "var")
      return { kind: "cmp", name: right.name, op: flipped[op], value: left.value };
    return null;
  }

  private primary(): LsExpr | null {
    const token = this.tokens[this.at];
    if (!token) return null;
    this.at += 1;
    if (token.t === "op" && token.v === "(") {
      const inner = this.list("||", "or", () => this.list("&&", "and", () => this.unary()));
      if (!inner || !this.is(")")) return null;
      this.at += 1;
      return inner;
    }
    if (token.t === "str") return { kind: "const", value: token.v };
    if (token.t === "num") return { kind: "const", value: Number(token.v) };
    if (token.t !== "id") return null;
    if (this.is("(")) {
      // Only is_empty(variable) is a function the subset knows.
      const argument = this.tokens[this.at + 1];
      if (token.v.toLowerCase() !== "is_empty" || argument?.t !== "id" || this.tokens[this.at + 2]?.v !== ")")
        return null;
      this.at += 3;
      return { kind: "empty", name: argument.v };
    }
    return { kind: "var", name: token.v };
  }
}

const compareOps: Record<Op, CompareOp> = {
  "==": "eq",
  "!=": "ne",
  "<": "lt",
  "<=": "le",
  ">": "gt",
  ">=": "ge",
};

function asNumber(value: Value): number | null {
  if (typeof value === "number") return value;
  return /^-?\d+(?:\.\d+)?$/.test(value.trim()) ? Number(value) : null;
}

function baseName(name: string): string | null {
  const [base, suffix] = name.split(".");
  if (!base) return null;
  return suffix === undefined || ["NAOK", "value", "code"].includes(suffix) ? base : null;
}

const holds: Partial<Record<CompareOp, (a: number, b: number) => boolean>> = {
  gt: (a, b) => a > b,
  lt: (a, b) => a < b,
  ge: (a, b) => a >= b,
  le: (a, b) => a <= b,
};

/** `NPS >= 9` on a list whose answer codes are numbers (0…10): the options whose codes satisfy it. */
function orderedCodes(ref: LsRef, compare: CompareOp, value: Value): Condition | null {
  const bound = asNumber(value);
  const test = holds[compare];
  if (bound === null || !test) return null;
  const ids = [...ref.options].flatMap(([code, id]) => {
    const number = asNumber(code);
    return number !== null && test(number, bound) ? [id] : [];
  });
  return ids.length > 0 ? { kind: "selected", questionId: ref.id, optionIds: ids, match: "any" } : null;
}

/** One comparison of a question (or one of its subquestions) with a literal, as a product condition. */
export function lsLeaf(name: string, op: Op | string, value: Value, resolve: Resolve): Condition | null {
  const base = baseName(name);
  const found = base ? resolve(base) : null;
  if (!found || !(op in compareOps)) return null;
  const { ref, sub } = found;
  const compare = compareOps[op as Op];
  const text = String(value);
  const questionId = ref.id;
  if (ref.kind === "choiceN") {
    const optionId = sub === undefined ? undefined : ref.options.get(sub);
    if (!optionId || (compare !== "eq" && compare !== "ne")) return null;
    const chosen = text === "Y" ? compare === "eq" : text === "" || text === "N" ? compare === "ne" : null;
    if (chosen === null) return null;
    return { kind: chosen ? "selected" : "notSelected", questionId, optionIds: [optionId], match: "any" };
  }
  if (text === "" && sub === undefined && (compare === "eq" || compare === "ne"))
    return { kind: compare === "eq" ? "notAnswered" : "answered", questionId };
  if (ref.kind === "choice1") {
    if (sub === undefined && compare !== "eq" && compare !== "ne") return orderedCodes(ref, compare, value);
    const optionId = sub === undefined ? ref.options.get(text) : undefined;
    if (!optionId || (compare !== "eq" && compare !== "ne")) return null;
    return {
      kind: compare === "eq" ? "selected" : "notSelected",
      questionId,
      optionIds: [optionId],
      match: "any",
    };
  }
  const key = sub === undefined ? undefined : ref.keys.get(sub);
  const needsKey = ref.kind === "matrix" || ref.kind === "matrixNumber" || ref.kind === "blanks";
  if (needsKey !== (key !== undefined) || ref.kind === "other") return null;
  const keyPart = key === undefined ? {} : { key };
  if (ref.kind === "matrix") {
    const label = ref.columns.get(text);
    if (label === undefined || (compare !== "eq" && compare !== "ne")) return null;
    return { kind: "compare", questionId, ...keyPart, op: compare, value: label };
  }
  const number = asNumber(value);
  if (ref.kind === "number" || ref.kind === "matrixNumber") {
    return number === null ? null : { kind: "compare", questionId, ...keyPart, op: compare, value: number };
  }
  const ordered = compare !== "eq" && compare !== "ne";
  return {
    kind: "compare",
    questionId,
    ...keyPart,
    op: compare,
    value: ordered && number !== null && ref.kind !== "ordered" ? number : text,
  };
}

function emptiness(name: string, resolve: Resolve, empty: boolean): Condition | null {
  const base = baseName(name);
  const found = base ? resolve(base) : null;
  if (!found) return null;
  if (found.sub !== undefined) return lsLeaf(name, empty ? "==" : "!=", "", resolve);
  return { kind: empty ? "notAnswered" : "answered", questionId: found.ref.id };
}

type Mapped = Condition | "always" | null;

function toCondition(expr: LsExpr, resolve: Resolve): Mapped {
  switch (expr.kind) {
    case "const":
      return asNumber(expr.value) === 1 ? "always" : null;
    case "var":
      return emptiness(expr.name, resolve, false);
    case "empty":
      return emptiness(expr.name, resolve, true);
    case "cmp":
      return lsLeaf(expr.name, expr.op, expr.value, resolve);
    case "not": {
      if (expr.expr.kind === "empty") return emptiness(expr.expr.name, resolve, false);
      const inner = toCondition(expr.expr, resolve);
      return inner && inner !== "always" ? { kind: "not", condition: inner } : null;
    }
    case "and":
    case "or": {
      const items = expr.items.map((item) => toCondition(item, resolve));
      if (items.some((item) => item === null)) return null;
      const real = items.filter((item): item is Condition => item !== "always");
      if (expr.kind === "or" && real.length < items.length) return "always";
      if (real.length === 0) return "always";
      return real.length === 1
        ? (real[0] as Condition)
        : { kind: expr.kind === "and" ? "all" : "any", conditions: real };
    }
  }
}

/** A relevance equation as a condition; "always" for `1` (and empty), null when it cannot be mapped. */
export function relevanceToCondition(source: string, resolve: Resolve): Condition | "always" | null {
  const trimmed = source.trim();
  if (trimmed === "" || trimmed === "1") return "always";
  if (trimmed.length > 2000) return null;
  const tokens = tokenize(trimmed);
  const expr = tokens && tokens.length > 0 ? new Parser(tokens).parse() : null;
  return expr ? toCondition(expr, resolve) : null;
}

/**
 * The legacy conditions table (LimeSurvey 1.x–3.x 条件设计器): within a scenario, rows on the same field are
 * alternatives (or) and different fields must all hold (and); scenarios are alternatives.
 */
export function conditionsToCondition(rows: readonly LsCondition[], resolve: Resolve): Condition | null {
  const scenarios = new Map<string, Map<string, LsCondition[]>>();
  for (const row of rows) {
    const fields = scenarios.get(row.scenario) ?? new Map<string, LsCondition[]>();
    fields.set(row.fieldName, [...(fields.get(row.fieldName) ?? []), row]);
    scenarios.set(row.scenario, fields);
  }
  const alternatives: Condition[] = [];
  for (const fields of scenarios.values()) {
    const required: Condition[] = [];
    for (const [field, group] of fields) {
      if (group.some((row) => row.method === "RX" || row.value.startsWith("@"))) return null;
      const leaves = group.map((row) => lsLeaf(field.replace(/^\+/, ""), row.method, row.value, resolve));
      if (leaves.some((leaf) => leaf === null)) return null;
      required.push(
        leaves.length === 1 ? (leaves[0] as Condition) : { kind: "any", conditions: leaves as Condition[] },
      );
    }
    alternatives.push(
      required.length === 1 ? (required[0] as Condition) : { kind: "all", conditions: required },
    );
  }
  if (alternatives.length === 0) return null;
  return alternatives.length === 1
    ? (alternatives[0] as Condition)
    : { kind: "any", conditions: alternatives };
}
