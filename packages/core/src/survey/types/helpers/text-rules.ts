import type {
  DateRangeRule,
  LengthRange,
  NumberRange,
  PatternRule,
} from "../../definition/validation-rules.ts";
import { addDays } from "../../shared/dates.ts";
import { type Issue, issueAt } from "../../shared/issue.ts";
import { surveyMessages as m } from "../../shared/messages.ts";
import { isSafePattern } from "./safe-regex.ts";

const compiled = new Map<string, RegExp | null>();

/**
 * Compiles once per pattern. An invalid or unsafe pattern (see safe-regex.ts) yields null and its rule is not
 * run: the definition check refuses such patterns, and the server must not run one even if a definition
 * slipped through, since a single crafted answer could then stall it.
 */
export function compilePattern(rule: Pick<PatternRule, "pattern" | "flags">): RegExp | null {
  const key = `${rule.flags ?? ""}/${rule.pattern}`;
  let regex = compiled.get(key);
  if (regex === undefined) {
    try {
      regex = isSafePattern(rule.pattern) ? new RegExp(rule.pattern, rule.flags ?? "u") : null;
    } catch {
      regex = null;
    }
    if (compiled.size > 10_000) compiled.clear();
    compiled.set(key, regex);
  }
  return regex;
}

/** Length counts characters as people do (a Chinese character or emoji is one). */
export function textLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export function checkLength(
  text: string,
  range: LengthRange | undefined,
  path: readonly string[] = [],
): Issue[] {
  if (!range) return [];
  const length = textLength(text);
  if (range.min !== undefined && length < range.min)
    return [issueAt(range.level, "minLength", m.minLength(range.min), path)];
  if (range.max !== undefined && length > range.max)
    return [issueAt(range.level, "maxLength", m.maxLength(range.max), path)];
  return [];
}

export function checkPatterns(
  text: string,
  rules: readonly PatternRule[] | undefined,
  path: readonly string[] = [],
): Issue[] {
  const issues: Issue[] = [];
  for (const rule of rules ?? []) {
    const regex = compilePattern(rule);
    if (regex && !regex.test(text)) issues.push(issueAt(rule.level, "pattern", rule.message, path));
  }
  return issues;
}

export function checkNumberRange(
  value: number,
  range: NumberRange | undefined,
  path: readonly string[] = [],
): Issue[] {
  if (!range) return [];
  if (range.min !== undefined && value < range.min)
    return [issueAt(range.level, "minValue", m.minValue(range.min), path)];
  if (range.max !== undefined && value > range.max)
    return [issueAt(range.level, "maxValue", m.maxValue(range.max), path)];
  return [];
}

export function resolveDateBound(bound: NonNullable<DateRangeRule["min"]>, today: string): string {
  return bound.kind === "absolute" ? bound.date : addDays(today, bound.days);
}

/** ISO dates compare correctly as strings. */
export function checkDateRange(
  date: string,
  rule: DateRangeRule | undefined,
  today: string,
  path: readonly string[] = [],
): Issue[] {
  if (!rule) return [];
  const min = rule.min && resolveDateBound(rule.min, today);
  const max = rule.max && resolveDateBound(rule.max, today);
  if (min && date < min) return [issueAt(rule.level, "dateBefore", m.dateBefore(min), path)];
  if (max && date > max) return [issueAt(rule.level, "dateAfter", m.dateAfter(max), path)];
  return [];
}

export function decimalPlaces(value: number): number {
  if (Number.isInteger(value)) return 0;
  const text = String(value);
  const exponent = /e-(\d+)$/.exec(text);
  if (exponent) return Number(exponent[1]) + (text.split("e")[0]?.split(".")[1]?.length ?? 0);
  return text.split(".")[1]?.length ?? 0;
}
