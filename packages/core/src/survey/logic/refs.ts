import type { Condition } from "../definition/condition.ts";
import { collectRefs, type Expr } from "../expression/ast.ts";
import { parseExpression } from "../expression/parser.ts";
import { assertNever } from "../shared/assert-never.ts";

const parsed = new Map<string, Expr | null>();

/** Parses once per distinct source; an invalid expression yields null (it then evaluates to null/false). */
export function cachedExpression(source: string): Expr | null {
  let expr = parsed.get(source);
  if (expr === undefined) {
    const result = parseExpression(source);
    expr = result.ok ? result.expr : null;
    if (parsed.size > 10_000) parsed.clear();
    parsed.set(source, expr);
  }
  return expr;
}

/** Ids a condition reads: question ids, computed ids, or (from expressions) either. */
export function conditionRefs(condition: Condition, into: Set<string> = new Set()): Set<string> {
  switch (condition.kind) {
    case "all":
    case "any":
      for (const inner of condition.conditions) conditionRefs(inner, into);
      return into;
    case "not":
      return conditionRefs(condition.condition, into);
    case "selected":
    case "notSelected":
    case "compare":
    case "answered":
    case "notAnswered":
      into.add(condition.questionId);
      return into;
    case "computed":
      into.add(condition.computedId);
      return into;
    case "expression": {
      const expr = cachedExpression(condition.expression);
      if (expr) for (const ref of collectRefs(expr)) into.add(ref.id);
      return into;
    }
    default:
      return assertNever(condition);
  }
}

/** `{{q1}}` or `{{q1.key}}` in titles, descriptions and option labels. */
export const pipePattern = /\{\{\s*([A-Za-z_][A-Za-z0-9_-]*)(?:\.([A-Za-z_][A-Za-z0-9_-]*))?\s*\}\}/g;

export function pipeRefs(text: string | undefined, into: Set<string> = new Set()): Set<string> {
  if (!text?.includes("{{")) return into;
  for (const match of text.matchAll(pipePattern)) if (match[1]) into.add(match[1]);
  return into;
}
