// Test-only helpers (not exported from index.ts).
import type { StatResult } from "./result.ts";

/** Unwrap a successful result; fail the test loudly with the Chinese message otherwise. */
export function unwrap<T>(result: StatResult<T>): { ok: true } & T {
  if (!result.ok) throw new Error(`expected ok, got ${result.reason}: ${result.message}`);
  return result;
}

/** |actual − expected| within half a unit of the last printed decimal: `decimals` digits after the point. */
export function printedAs(actual: number, expected: number, decimals: number): boolean {
  return Math.abs(actual - expected) <= 0.5 * 10 ** -decimals + 1e-12;
}

/** Agreement to the significant figures the source prints (for p like 2.954e-07). */
export function sameSignificant(actual: number, expected: number, digits: number): boolean {
  return Number(actual.toPrecision(digits)) === expected;
}
