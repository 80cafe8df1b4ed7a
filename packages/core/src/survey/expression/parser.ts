import type { BinaryOp, Expr } from "./ast.ts";
import { ExpressionSyntaxError, type Token, tokenize } from "./lexer.ts";

const MAX_DEPTH = 64;

/** Binding power of infix operators; higher binds tighter. */
const infix: Record<string, { power: number; op: BinaryOp }> = {
  or: { power: 1, op: "or" },
  and: { power: 2, op: "and" },
  "=": { power: 3, op: "=" },
  "!=": { power: 3, op: "!=" },
  "<": { power: 3, op: "<" },
  "<=": { power: 3, op: "<=" },
  ">": { power: 3, op: ">" },
  ">=": { power: 3, op: ">=" },
  "&": { power: 4, op: "&" },
  "+": { power: 5, op: "+" },
  "-": { power: 5, op: "-" },
  "*": { power: 6, op: "*" },
  "/": { power: 6, op: "/" },
  "%": { power: 6, op: "%" },
};

/** Keywords usable as infix/prefix words (AND, OR, NOT) next to their symbols. */
function operatorOf(token: Token): string | undefined {
  if (token.kind === "op") return token.op;
  if (token.kind === "ident" && (token.name === "AND" || token.name === "OR"))
    return token.name.toLowerCase();
  return undefined;
}

class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.index] as Token;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== "end") this.index++;
    return token;
  }

  private expectOp(op: string): void {
    const token = this.next();
    if (token.kind !== "op" || token.op !== op) throw new ExpressionSyntaxError(`此处应为“${op}”`, token.at);
  }

  parseAll(): Expr {
    const expr = this.parse(0, 0);
    const rest = this.peek();
    if (rest.kind !== "end") throw new ExpressionSyntaxError("表达式多余的内容", rest.at);
    return expr;
  }

  parse(minPower: number, depth: number): Expr {
    if (depth > MAX_DEPTH) throw new ExpressionSyntaxError("表达式嵌套过深", this.peek().at);
    let left = this.prefix(depth);
    for (;;) {
      const token = this.peek();
      const operator = operatorOf(token);
      const info = operator === undefined ? undefined : infix[operator];
      if (!info || info.power <= minPower) return left;
      this.next();
      const right = this.parse(info.power, depth + 1);
      left = { kind: "binary", op: info.op, left, right, at: token.at };
    }
  }

  private prefix(depth: number): Expr {
    const token = this.next();
    switch (token.kind) {
      case "number":
        return { kind: "number", value: token.value, at: token.at };
      case "string":
        return { kind: "string", value: token.value, at: token.at };
      case "ref":
        return { kind: "ref", id: token.id, key: token.key, at: token.at };
      case "ident":
        return this.identifier(token.name, token.at, depth);
      case "op":
        if (token.op === "(") {
          const inner = this.parse(0, depth + 1);
          this.expectOp(")");
          return inner;
        }
        if (token.op === "-")
          return { kind: "unary", op: "-", operand: this.parse(6, depth + 1), at: token.at };
        if (token.op === "+") return this.parse(6, depth + 1);
        if (token.op === "not")
          return { kind: "unary", op: "not", operand: this.parse(2, depth + 1), at: token.at };
        throw new ExpressionSyntaxError(`此处不能出现“${token.op}”`, token.at);
      case "end":
        throw new ExpressionSyntaxError("表达式不完整", token.at);
    }
  }

  private identifier(name: string, at: number, depth: number): Expr {
    if (name === "TRUE" || name === "FALSE") return { kind: "boolean", value: name === "TRUE", at };
    const open = this.peek();
    if (name === "NOT" && !(open.kind === "op" && open.op === "(")) {
      return { kind: "unary", op: "not", operand: this.parse(2, depth + 1), at };
    }
    if (open.kind !== "op" || open.op !== "(")
      throw new ExpressionSyntaxError(`未知的名称“${name}”，引用题目请写成 $编号`, at);
    this.next();
    const args: Expr[] = [];
    const close = this.peek();
    if (close.kind === "op" && close.op === ")") {
      this.next();
      return { kind: "call", name, args, at };
    }
    for (;;) {
      args.push(this.parse(0, depth + 1));
      const separator = this.next();
      if (separator.kind === "op" && separator.op === ")") return { kind: "call", name, args, at };
      if (separator.kind !== "op" || separator.op !== ",")
        throw new ExpressionSyntaxError("此处应为“,”或“)”", separator.at);
    }
  }
}

export type ParseResult = { ok: true; expr: Expr } | { ok: false; message: string; at: number };

/** Parses, never evaluates: the result is data. Syntax errors come back as values with their offset. */
export function parseExpression(source: string): ParseResult {
  try {
    return { ok: true, expr: new Parser(tokenize(source)).parseAll() };
  } catch (caught) {
    if (caught instanceof ExpressionSyntaxError) return { ok: false, message: caught.message, at: caught.at };
    throw caught;
  }
}
