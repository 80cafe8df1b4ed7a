import { assertNever } from "../shared/assert-never.ts";
import type { BinaryOp, Expr } from "./ast.ts";
import { builtIns, type FunctionEnv } from "./functions.ts";
import { type ExprValue, isList, toNumber, toText, truthy } from "./value.ts";

export interface EvalEnv extends FunctionEnv {
  /** The value of `$id` / `$id.key`; null when unknown, unanswered or hidden. */
  ref(id: string, key: string | undefined): ExprValue;
}

function numericPair(left: ExprValue, right: ExprValue): [number, number] | null {
  const a = toNumber(left);
  const b = toNumber(right);
  return a === null || b === null ? null : [a, b];
}

/** Numbers compare as numbers; otherwise text (ISO dates and times order correctly as text). */
export function compareValues(left: ExprValue, right: ExprValue): number | null {
  if (left === null || right === null || isList(left) || isList(right)) return null;
  const numeric = typeof left === "number" || typeof right === "number" ? numericPair(left, right) : null;
  if (numeric) return Math.sign(numeric[0] - numeric[1]);
  if (typeof left === "number" || typeof right === "number") return null;
  const a = toText(left);
  const b = toText(right);
  return a === b ? 0 : a < b ? -1 : 1;
}

function arithmetic(op: "+" | "-" | "*" | "/" | "%", left: ExprValue, right: ExprValue): ExprValue {
  const pair = numericPair(left, right);
  if (!pair) return null;
  const [a, b] = pair;
  switch (op) {
    case "+":
      return a + b;
    case "-":
      return a - b;
    case "*":
      return a * b;
    case "/":
      return b === 0 ? null : a / b;
    case "%":
      return b === 0 ? null : a % b;
  }
}

function binary(op: BinaryOp, left: ExprValue, right: ExprValue): ExprValue {
  switch (op) {
    case "+":
    case "-":
    case "*":
    case "/":
    case "%":
      return arithmetic(op, left, right);
    case "&":
      return toText(left) + toText(right);
    case "=":
      return compareValues(left, right) === 0;
    case "!=": {
      const order = compareValues(left, right);
      return order !== null && order !== 0;
    }
    case "<":
      return compareValues(left, right) === -1;
    case "<=": {
      const order = compareValues(left, right);
      return order === -1 || order === 0;
    }
    case ">":
      return compareValues(left, right) === 1;
    case ">=": {
      const order = compareValues(left, right);
      return order === 1 || order === 0;
    }
    case "and":
    case "or":
      // Short-circuited in evaluate(); kept total here.
      return op === "and" ? truthy(left) && truthy(right) : truthy(left) || truthy(right);
  }
}

/** Total evaluation: never throws, never loops (the tree is finite and depth-limited by the parser). */
export function evaluateExpression(expr: Expr, env: EvalEnv): ExprValue {
  switch (expr.kind) {
    case "number":
    case "string":
    case "boolean":
      return expr.value;
    case "ref":
      return env.ref(expr.id, expr.key);
    case "unary": {
      const operand = evaluateExpression(expr.operand, env);
      if (expr.op === "not") return !truthy(operand);
      const number = toNumber(operand);
      return number === null ? null : -number;
    }
    case "binary": {
      const left = evaluateExpression(expr.left, env);
      if (expr.op === "and" && !truthy(left)) return false;
      if (expr.op === "or" && truthy(left)) return true;
      const right = evaluateExpression(expr.right, env);
      if (expr.op === "and" || expr.op === "or") return truthy(right);
      return binary(expr.op, left, right);
    }
    case "call":
      return call(expr, env);
    default:
      return assertNever(expr);
  }
}

function call(expr: Extract<Expr, { kind: "call" }>, env: EvalEnv): ExprValue {
  const fn = builtIns[expr.name];
  if (!fn || expr.args.length < fn.min || expr.args.length > fn.max) return null;
  if (expr.name === "IF") {
    const [condition, then, otherwise] = expr.args;
    if (!condition || !then || !otherwise) return null;
    return evaluateExpression(truthy(evaluateExpression(condition, env)) ? then : otherwise, env);
  }
  if (expr.name === "AND") return expr.args.every((arg) => truthy(evaluateExpression(arg, env)));
  if (expr.name === "OR") return expr.args.some((arg) => truthy(evaluateExpression(arg, env)));
  return fn.call(
    expr.args.map((arg) => evaluateExpression(arg, env)),
    env,
  );
}
