import type { Expr } from "./ast.ts";
import { builtIns } from "./functions.ts";
import type { ValueType } from "./value.ts";

export interface TypeEnv {
  /** Static type of `$id`/`$id.key`; undefined when the id does not exist. */
  refType(id: string, key: string | undefined): ValueType | undefined;
}

export interface TypeProblem {
  kind: "type" | "missingRef" | "unknownFunction" | "arity";
  message: string;
  at: number;
  id?: string;
}

const typeNames: Record<ValueType, string> = {
  number: "数字",
  string: "文本",
  boolean: "逻辑值",
  date: "日期",
  time: "时间",
  list: "列表",
  any: "任意",
  none: "无值",
};

function accepts(expected: ValueType, actual: ValueType, listOk: boolean): boolean {
  if (expected === "any" || actual === "any") return true;
  if (actual === "list") return listOk;
  if (actual === "none") return false;
  if (expected === "date") return actual === "date" || actual === "string";
  if (expected === "string") return true;
  return expected === actual;
}

function comparable(a: ValueType, b: ValueType): boolean {
  if (a === "any" || b === "any") return true;
  if (a === "list" || b === "list" || a === "none" || b === "none") return false;
  const textual = (t: ValueType) => t === "string" || t === "date" || t === "time";
  return a === b || (textual(a) && textual(b));
}

function reportMismatch(problems: TypeProblem[], at: number, expected: string, actual: ValueType): void {
  problems.push({ kind: "type", message: `此处需要${expected}，实际是${typeNames[actual]}`, at });
}

/** Infers the static type of an expression, collecting every problem rather than stopping at the first. */
export function checkExpressionTypes(expr: Expr, env: TypeEnv, problems: TypeProblem[] = []): ValueType {
  const mismatch = (at: number, expected: string, actual: ValueType) =>
    reportMismatch(problems, at, expected, actual);
  switch (expr.kind) {
    case "number":
      return "number";
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    case "ref": {
      const type = env.refType(expr.id, expr.key);
      if (type === undefined) {
        problems.push({ kind: "missingRef", message: `引用的“${expr.id}”不存在`, at: expr.at, id: expr.id });
        return "any";
      }
      return type;
    }
    case "unary": {
      const operand = checkExpressionTypes(expr.operand, env, problems);
      if (expr.op === "not") return "boolean";
      if (!accepts("number", operand, false)) mismatch(expr.at, typeNames.number, operand);
      return "number";
    }
    case "binary": {
      const left = checkExpressionTypes(expr.left, env, problems);
      const right = checkExpressionTypes(expr.right, env, problems);
      switch (expr.op) {
        case "+":
        case "-":
        case "*":
        case "/":
        case "%":
          if (!accepts("number", left, false)) mismatch(expr.left.at, typeNames.number, left);
          if (!accepts("number", right, false)) mismatch(expr.right.at, typeNames.number, right);
          return "number";
        case "&":
          return "string";
        case "and":
        case "or":
          return "boolean";
        default:
          if (!comparable(left, right)) {
            problems.push({
              kind: "type",
              message: `${typeNames[left]}不能与${typeNames[right]}比较`,
              at: expr.at,
            });
          }
          return "boolean";
      }
    }
    case "call":
      return checkCall(expr, env, problems);
  }
}

function checkCall(expr: Extract<Expr, { kind: "call" }>, env: TypeEnv, problems: TypeProblem[]): ValueType {
  const fn = builtIns[expr.name];
  const argTypes = expr.args.map((arg) => checkExpressionTypes(arg, env, problems));
  if (!fn) {
    problems.push({ kind: "unknownFunction", message: `未知的函数“${expr.name}”`, at: expr.at });
    return "any";
  }
  if (expr.args.length < fn.min || expr.args.length > fn.max) {
    const expected = fn.min === fn.max ? `${fn.min}` : `${fn.min}~${fn.max}`;
    problems.push({ kind: "arity", message: `函数${expr.name}需要${expected}个参数`, at: expr.at });
  }
  // Aggregates take lists (a multi-select's labels, a matrix's points) as well as single values.
  const listOk = fn.max > 3 || expr.name === "LEN" || expr.name === "CONTAINS" || expr.name === "ISBLANK";
  argTypes.forEach((actual, index) => {
    const expected = fn.args[Math.min(index, fn.args.length - 1)] ?? "any";
    if (!accepts(expected, actual, listOk)) {
      reportMismatch(problems, expr.args[index]?.at ?? expr.at, typeNames[expected], actual);
    }
  });
  if (fn.returns === "firstBranch") return argTypes[1] === argTypes[2] ? (argTypes[1] ?? "any") : "any";
  return fn.returns;
}
