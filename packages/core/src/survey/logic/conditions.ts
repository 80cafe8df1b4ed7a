import type { CompareOp, Condition } from "../definition/condition.ts";
import { compareValues, evaluateExpression } from "../expression/evaluate.ts";
import { type ExprValue, isList, toText, truthy } from "../expression/value.ts";
import { assertNever } from "../shared/assert-never.ts";
import { cachedExpression } from "./refs.ts";
import type { Scope } from "./scope.ts";

export function compareOp(left: ExprValue, op: CompareOp, right: number | string): boolean {
  if (left === null) return false;
  switch (op) {
    case "contains":
      return isList(left)
        ? left.some((item) => toText(item) === String(right))
        : toText(left).includes(String(right));
    case "eq":
      return compareValues(left, right) === 0;
    case "ne": {
      const order = compareValues(left, right);
      return order !== null && order !== 0;
    }
    case "gt":
      return compareValues(left, right) === 1;
    case "lt":
      return compareValues(left, right) === -1;
    case "ge": {
      const order = compareValues(left, right);
      return order === 0 || order === 1;
    }
    case "le": {
      const order = compareValues(left, right);
      return order === 0 || order === -1;
    }
    default:
      return assertNever(op);
  }
}

function chosenIds(scope: Scope, questionId: string): readonly string[] {
  const view = scope.answerOf(questionId);
  if (!view) return [];
  return view.node.module.selected?.(view.answer) ?? [];
}

/**
 * Pure: the same condition over the same scope always gives the same answer; unknown references read as
 * unanswered, so a broken definition degrades to "condition not met" instead of throwing.
 */
export function evaluateCondition(condition: Condition, scope: Scope): boolean {
  switch (condition.kind) {
    case "all":
      return condition.conditions.every((inner) => evaluateCondition(inner, scope));
    case "any":
      return condition.conditions.some((inner) => evaluateCondition(inner, scope));
    case "not":
      return !evaluateCondition(condition.condition, scope);
    case "selected": {
      const chosen = chosenIds(scope, condition.questionId);
      const has = (id: string) => chosen.includes(id);
      return condition.match === "all" ? condition.optionIds.every(has) : condition.optionIds.some(has);
    }
    case "notSelected": {
      const chosen = chosenIds(scope, condition.questionId);
      const lacks = (id: string) => !chosen.includes(id);
      return condition.match === "all" ? condition.optionIds.every(lacks) : condition.optionIds.some(lacks);
    }
    case "compare":
      return compareOp(scope.valueOf(condition.questionId, condition.key), condition.op, condition.value);
    case "computed":
      return compareOp(scope.computedOf(condition.computedId), condition.op, condition.value);
    case "answered":
      return scope.answerOf(condition.questionId) !== undefined;
    case "notAnswered":
      return scope.answerOf(condition.questionId) === undefined;
    case "expression": {
      const expr = cachedExpression(condition.expression);
      return expr !== null && truthy(evaluateExpression(expr, scope));
    }
    default:
      return assertNever(condition);
  }
}
