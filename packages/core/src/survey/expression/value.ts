/**
 * Runtime values of the expression language. Lists come from multi-answers (多选 labels, matrix values).
 * `null` is "no value" (unanswered, hidden, or an undefined operation such as division by zero): it
 * propagates through arithmetic and makes comparisons false, so expressions never throw.
 */
export type Scalar = number | string | boolean | null;
export type ExprValue = Scalar | readonly Scalar[];

/**
 * Static types for the definition checker. `any` means "not known statically" and matches everything.
 * Dates ("YYYY-MM-DD") and times ("HH:mm") are text at runtime that orders correctly; their own static types
 * let the checker refuse ordering comparisons on plain text.
 */
export type ValueType = "number" | "string" | "boolean" | "date" | "time" | "list" | "any" | "none";

export function isList(value: ExprValue): value is readonly Scalar[] {
  return Array.isArray(value);
}

export function toNumber(value: ExprValue): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "" || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(trimmed)) return null;
    const parsed = Number(trimmed);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export function toText(value: ExprValue): string {
  if (value === null) return "";
  if (isList(value)) return value.map((item) => toText(item)).join("、");
  if (typeof value === "number") return formatNumber(value);
  return String(value);
}

export function truthy(value: ExprValue): boolean {
  if (value === null) return false;
  if (isList(value)) return value.length > 0;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (typeof value === "string") return value.length > 0;
  return value;
}

/** Avoids 0.1 + 0.2 = 0.30000000000000004 leaking into titles. */
export function formatNumber(value: number): string {
  return String(Number.parseFloat(value.toPrecision(12)));
}
