/** Expression syntax tree. `at` is the source offset, so the designer can point at the faulty part. */
export type BinaryOp =
  | "+"
  | "-"
  | "*"
  | "/"
  | "%"
  | "&"
  | "="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "and"
  | "or";

export type Expr =
  | { kind: "number"; value: number; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "boolean"; value: boolean; at: number }
  /** `$q1` (an answer or computed value) or `$q1.key` (a part: score, count, id, a row or blank id). */
  | { kind: "ref"; id: string; key: string | undefined; at: number }
  | { kind: "unary"; op: "-" | "not"; operand: Expr; at: number }
  | { kind: "binary"; op: BinaryOp; left: Expr; right: Expr; at: number }
  | { kind: "call"; name: string; args: Expr[]; at: number };

/** Every `$ref` of an expression, in source order. */
export function collectRefs(expr: Expr, into: { id: string; key: string | undefined }[] = []): typeof into {
  switch (expr.kind) {
    case "number":
    case "string":
    case "boolean":
      return into;
    case "ref":
      into.push({ id: expr.id, key: expr.key });
      return into;
    case "unary":
      return collectRefs(expr.operand, into);
    case "binary":
      collectRefs(expr.left, into);
      return collectRefs(expr.right, into);
    case "call":
      for (const arg of expr.args) collectRefs(arg, into);
      return into;
  }
}
