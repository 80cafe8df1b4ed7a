/**
 * The part of SurveyJS's expression language that show conditions use (`visibleIf` of questions, pages and
 * choices): `{q1} = 'a'`, `{q1} contains 'x'`, `{q2} > 3`, `{q3} anyof ['a', 'b']`, `{q4} notempty`, with
 * `and`/`or`/`!` and parentheses, following survey-library's grammar (grammar.pegjs: `or` binds loosest, `!`
 * negates everything after it). Functions and arithmetic are not part of the subset: the parser fails on them
 * and the importer reports the condition.
 */
export type SjsConst = string | number | boolean | null;

export type SjsOperand =
  | { kind: "var"; name: string }
  | { kind: "const"; value: SjsConst }
  | { kind: "array"; items: SjsConst[] };

export type SjsBinaryOp =
  | "eq"
  | "ne"
  | "gt"
  | "lt"
  | "ge"
  | "le"
  | "contains"
  | "notcontains"
  | "anyof"
  | "allof"
  | "noneof";

export type SjsExpr =
  | { kind: "and" | "or"; items: SjsExpr[] }
  | { kind: "not"; expr: SjsExpr }
  | { kind: "binary"; op: SjsBinaryOp; left: SjsOperand; right: SjsOperand }
  | { kind: "unary"; op: "empty" | "notempty"; operand: SjsOperand }
  | { kind: "operand"; operand: SjsOperand };

type Token =
  | { t: "var"; v: string }
  | { t: "str"; v: string }
  | { t: "num"; v: number }
  | { t: "word"; v: string }
  | { t: "sym"; v: string };

const MAX_LENGTH = 2000;
const symbols = [
  "&&",
  "||",
  "==",
  "!=",
  "<>",
  "<=",
  "=<",
  ">=",
  "=>",
  "*=",
  "=",
  "<",
  ">",
  "!",
  "(",
  ")",
  "[",
  "]",
  ",",
];

function readQuoted(source: string, start: number, quote: string): [string, number] | null {
  let out = "";
  let i = start + 1;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === "\\" && (source[i + 1] === "'" || source[i + 1] === '"')) {
      out += source[i + 1];
      i += 2;
    } else if (c === quote) return [out, i + 1];
    else {
      out += c;
      i += 1;
    }
  }
  return null;
}

function tokenize(source: string): Token[] | null {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "{") {
      const end = source.indexOf("}", i);
      if (end < 0) return null;
      tokens.push({ t: "var", v: source.slice(i + 1, end).trim() });
      i = end + 1;
      continue;
    }
    if (c === "'" || c === '"') {
      const read = readQuoted(source, i, c);
      if (!read) return null;
      tokens.push({ t: "str", v: read[0] });
      i = read[1];
      continue;
    }
    const number = /^-?\d+(?:\.\d+)?/.exec(source.slice(i));
    if (number && (c !== "-" || tokens.length === 0 || tokens.at(-1)?.t === "sym")) {
      tokens.push({ t: "num", v: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (word) {
      tokens.push({ t: "word", v: word[0].toLowerCase() });
      i += word[0].length;
      continue;
    }
    const symbol = symbols.find((candidate) => source.startsWith(candidate, i));
    if (!symbol) return null;
    tokens.push({ t: "sym", v: symbol });
    i += symbol.length;
  }
  return tokens;
}

const comparisonWords: Record<string, SjsBinaryOp> = {
  "==": "eq",
  "=": "eq",
  equal: "eq",
  equals: "eq",
  "!=": "ne",
  "<>": "ne",
  notequal: "ne",
  notequals: "ne",
  "<": "lt",
  less: "lt",
  ">": "gt",
  greater: "gt",
  "<=": "le",
  "=<": "le",
  lessorequal: "le",
  ">=": "ge",
  "=>": "ge",
  greaterorequal: "ge",
  "*=": "contains",
  contains: "contains",
  contain: "contains",
  notcontains: "notcontains",
  notcontain: "notcontains",
  anyof: "anyof",
  allof: "allof",
  noneof: "noneof",
};

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private isWord(...values: string[]): boolean {
    const token = this.peek();
    return token !== undefined && (token.t === "word" || token.t === "sym") && values.includes(token.v);
  }

  parseAll(): SjsExpr | null {
    const expr = this.or();
    return expr && this.at === this.tokens.length ? expr : null;
  }

  private or(): SjsExpr | null {
    const items: SjsExpr[] = [];
    do {
      const item = this.and();
      if (!item) return null;
      items.push(item);
    } while (this.isWord("or", "||") && ++this.at);
    return items.length === 1 ? (items[0] as SjsExpr) : { kind: "or", items };
  }

  private and(): SjsExpr | null {
    const items: SjsExpr[] = [];
    do {
      const item = this.comparison();
      if (!item) return null;
      items.push(item);
    } while (this.isWord("and", "&&") && ++this.at);
    return items.length === 1 ? (items[0] as SjsExpr) : { kind: "and", items };
  }

  private comparison(): SjsExpr | null {
    if (this.isWord("!", "negate", "not")) {
      this.at += 1;
      const inner = this.or();
      return inner ? { kind: "not", expr: inner } : null;
    }
    if (this.isWord("(")) {
      this.at += 1;
      const inner = this.or();
      if (!inner || !this.isWord(")")) return null;
      this.at += 1;
      return inner;
    }
    const left = this.operand();
    if (!left) return null;
    if (this.isWord("empty", "notempty")) {
      const op = (this.peek() as Token).v as "empty" | "notempty";
      this.at += 1;
      return { kind: "unary", op, operand: left };
    }
    const token = this.peek();
    const op = token && (token.t === "word" || token.t === "sym") ? comparisonWords[token.v] : undefined;
    if (!op) return { kind: "operand", operand: left };
    this.at += 1;
    const right = this.operand();
    return right ? { kind: "binary", op, left, right } : null;
  }

  private constant(): SjsConst | undefined {
    const token = this.peek();
    if (!token) return undefined;
    if (token.t === "str" || token.t === "num") {
      this.at += 1;
      return token.v;
    }
    if (token.t === "word") {
      if (token.v === "true" || token.v === "false") {
        this.at += 1;
        return token.v === "true";
      }
      if (token.v === "null" || token.v === "undefined") {
        this.at += 1;
        return null;
      }
      if (comparisonWords[token.v] || ["and", "or", "empty", "notempty", "negate", "not"].includes(token.v))
        return undefined;
      // A bare word is a string constant in SurveyJS (`{q} = yes`), unless a call follows.
      if (this.tokens[this.at + 1]?.v === "(") return undefined;
      this.at += 1;
      return token.v;
    }
    return undefined;
  }

  private operand(): SjsOperand | null {
    const token = this.peek();
    if (!token) return null;
    if (token.t === "var") {
      this.at += 1;
      return { kind: "var", name: token.v };
    }
    if (token.t === "sym" && token.v === "[") {
      this.at += 1;
      const items: SjsConst[] = [];
      while (!this.isWord("]")) {
        const item = this.constant();
        if (item === undefined) return null;
        items.push(item);
        if (this.isWord(",")) this.at += 1;
        else if (!this.isWord("]")) return null;
      }
      this.at += 1;
      return { kind: "array", items };
    }
    const value = this.constant();
    return value === undefined ? null : { kind: "const", value };
  }
}

/** The expression's tree, or null when it is outside the subset (functions, arithmetic, syntax errors). */
export function parseSjsExpression(source: string): SjsExpr | null {
  if (source.length > MAX_LENGTH) return null;
  const tokens = tokenize(source);
  if (!tokens || tokens.length === 0) return null;
  return new Parser(tokens).parseAll();
}

function quote(value: SjsConst): string {
  if (value === null) return "null";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

const printedOps: Record<SjsBinaryOp, string> = {
  eq: "=",
  ne: "!=",
  gt: ">",
  lt: "<",
  ge: ">=",
  le: "<=",
  contains: "contains",
  notcontains: "notcontains",
  anyof: "anyof",
  allof: "allof",
  noneof: "noneof",
};

function printOperand(operand: SjsOperand): string {
  if (operand.kind === "var") return `{${operand.name}}`;
  if (operand.kind === "const") return quote(operand.value);
  return `[${operand.items.map(quote).join(", ")}]`;
}

/** SurveyJS text of a tree; groups inside groups are parenthesised. */
export function printSjsExpression(expr: SjsExpr): string {
  switch (expr.kind) {
    case "and":
    case "or":
      return expr.items
        .map((item) =>
          item.kind === "and" || item.kind === "or"
            ? `(${printSjsExpression(item)})`
            : printSjsExpression(item),
        )
        .join(` ${expr.kind} `);
    case "not":
      return `!(${printSjsExpression(expr.expr)})`;
    case "binary":
      return `${printOperand(expr.left)} ${printedOps[expr.op]} ${printOperand(expr.right)}`;
    case "unary":
      return `${printOperand(expr.operand)} ${expr.op}`;
    case "operand":
      return printOperand(expr.operand);
  }
}
