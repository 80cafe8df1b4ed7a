import { addDays, isValidDate, toEpochDay } from "../shared/dates.ts";
import { type ExprValue, isList, type Scalar, toNumber, toText, truthy, type ValueType } from "./value.ts";

export interface FunctionEnv {
  readonly today: string;
}

/**
 * A built-in function. `args` lists the accepted static type per position (the last one repeats for
 * variadic functions); the checker uses it, the runtime is total and returns null on bad input instead.
 */
interface BuiltIn {
  readonly min: number;
  readonly max: number;
  readonly args: readonly ValueType[];
  readonly returns: ValueType | "firstBranch";
  call(values: readonly ExprValue[], env: FunctionEnv): ExprValue;
}

function flatten(values: readonly ExprValue[]): Scalar[] {
  const out: Scalar[] = [];
  for (const value of values) {
    if (isList(value)) out.push(...value);
    else out.push(value);
  }
  return out;
}

function numbers(values: readonly ExprValue[]): number[] {
  const out: number[] = [];
  for (const value of flatten(values)) {
    const number = toNumber(value);
    if (number !== null) out.push(number);
  }
  return out;
}

function asDate(value: ExprValue | undefined): string | null {
  if (typeof value !== "string") return null;
  const date = value.slice(0, 10);
  return isValidDate(date) ? date : null;
}

function monthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  let months = (ty - fy) * 12 + (tm - fm);
  if (months > 0 && td < fd) months--;
  if (months < 0 && td > fd) months++;
  return months;
}

function round(value: number, digits: number): number {
  const factor = 10 ** Math.max(0, Math.min(10, Math.trunc(digits)));
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

const dateArg: ValueType = "date";

/** YEAR / MONTH / DAY: one field of an ISO date, by its character range. */
function datePart(start: number, end: number): BuiltIn {
  return {
    min: 1,
    max: 1,
    args: [dateArg],
    returns: "number",
    call: (v) => {
      const d = asDate(v[0]);
      return d ? Number(d.slice(start, end)) : null;
    },
  };
}

export const builtIns: Readonly<Record<string, BuiltIn>> = {
  // IF, AND and OR are evaluated lazily by the evaluator; these bodies serve the checker's arity rules.
  IF: {
    min: 3,
    max: 3,
    args: ["any", "any", "any"],
    returns: "firstBranch",
    call: (v) => (truthy(v[0] ?? null) ? (v[1] ?? null) : (v[2] ?? null)),
  },
  AND: { min: 1, max: 50, args: ["any"], returns: "boolean", call: (v) => v.every(truthy) },
  OR: { min: 1, max: 50, args: ["any"], returns: "boolean", call: (v) => v.some(truthy) },
  NOT: { min: 1, max: 1, args: ["any"], returns: "boolean", call: (v) => !truthy(v[0] ?? null) },
  SUM: {
    min: 1,
    max: 100,
    args: ["number"],
    returns: "number",
    call: (v) => numbers(v).reduce((a, b) => a + b, 0),
  },
  AVERAGE: {
    min: 1,
    max: 100,
    args: ["number"],
    returns: "number",
    call: (v) => {
      const all = numbers(v);
      return all.length === 0 ? null : all.reduce((a, b) => a + b, 0) / all.length;
    },
  },
  COUNT: {
    min: 1,
    max: 100,
    args: ["any"],
    returns: "number",
    call: (v) => flatten(v).filter((item) => item !== null && item !== "").length,
  },
  MIN: {
    min: 1,
    max: 100,
    args: ["number"],
    returns: "number",
    call: (v) => (numbers(v).length ? Math.min(...numbers(v)) : null),
  },
  MAX: {
    min: 1,
    max: 100,
    args: ["number"],
    returns: "number",
    call: (v) => (numbers(v).length ? Math.max(...numbers(v)) : null),
  },
  ROUND: {
    min: 1,
    max: 2,
    args: ["number", "number"],
    returns: "number",
    call: (v) => {
      const value = toNumber(v[0] ?? null);
      return value === null ? null : round(value, toNumber(v[1] ?? 0) ?? 0);
    },
  },
  ABS: {
    min: 1,
    max: 1,
    args: ["number"],
    returns: "number",
    call: (v) => {
      const n = toNumber(v[0] ?? null);
      return n === null ? null : Math.abs(n);
    },
  },
  LEN: {
    min: 1,
    max: 1,
    args: ["any"],
    returns: "number",
    call: (v) => {
      const value = v[0] ?? null;
      return isList(value) ? value.length : [...toText(value)].length;
    },
  },
  CONCAT: { min: 1, max: 100, args: ["any"], returns: "string", call: (v) => v.map(toText).join("") },
  CONTAINS: {
    min: 2,
    max: 2,
    args: ["any", "any"],
    returns: "boolean",
    call: (v) => {
      const haystack = v[0] ?? null;
      const needle = toText(v[1] ?? null);
      return isList(haystack)
        ? haystack.some((item) => toText(item) === needle)
        : toText(haystack).includes(needle);
    },
  },
  ISBLANK: {
    min: 1,
    max: 1,
    args: ["any"],
    returns: "boolean",
    call: (v) => {
      const value = v[0] ?? null;
      return value === null || value === "" || (isList(value) && value.length === 0);
    },
  },
  TODAY: { min: 0, max: 0, args: [], returns: "date", call: (_v, env) => env.today },
  YEAR: datePart(0, 4),
  MONTH: datePart(5, 7),
  DAY: datePart(8, 10),
  ADDDAYS: {
    min: 2,
    max: 2,
    args: [dateArg, "number"],
    returns: "date",
    call: (v) => {
      const date = asDate(v[0]);
      const days = toNumber(v[1] ?? null);
      return date && days !== null ? addDays(date, Math.trunc(days)) : null;
    },
  },
  /** DATEDIFF(from, to, "day" | "month" | "year"): whole units from `from` to `to` (negative if earlier). */
  DATEDIFF: {
    min: 2,
    max: 3,
    args: [dateArg, dateArg, "string"],
    returns: "number",
    call: (v) => {
      const from = asDate(v[0]);
      const to = asDate(v[1]);
      if (!from || !to) return null;
      const unit = toText(v[2] ?? "day").toLowerCase();
      if (unit === "month") return monthsBetween(from, to);
      if (unit === "year") return Math.trunc(monthsBetween(from, to) / 12);
      return toEpochDay(to) - toEpochDay(from);
    },
  },
  /** AGE(birthDate): full years as of the respondent's today. */
  AGE: {
    min: 1,
    max: 1,
    args: [dateArg],
    returns: "number",
    call: (v, env) => {
      const birth = asDate(v[0]);
      return birth ? Math.trunc(monthsBetween(birth, env.today) / 12) : null;
    },
  },
};

export function builtInNames(): string[] {
  return Object.keys(builtIns);
}
