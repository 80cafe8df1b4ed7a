/** Tokens of the expression language. Full-width operators common in Chinese input are accepted too. */
export type Token =
  | { kind: "number"; value: number; at: number }
  | { kind: "string"; value: string; at: number }
  | { kind: "ref"; id: string; key: string | undefined; at: number }
  | { kind: "ident"; name: string; at: number }
  | { kind: "op"; op: string; at: number }
  | { kind: "end"; at: number };

export class ExpressionSyntaxError extends Error {
  readonly code = "expressionSyntax";
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const operators = [
  "==",
  "!=",
  "<>",
  "<=",
  ">=",
  "&&",
  "||",
  "≠",
  "≤",
  "≥",
  "+",
  "-",
  "*",
  "/",
  "%",
  "&",
  "=",
  "<",
  ">",
  "!",
  "(",
  ")",
  ",",
];
const aliases: Record<string, string> = {
  "==": "=",
  "<>": "!=",
  "≠": "!=",
  "≤": "<=",
  "≥": ">=",
  "&&": "and",
  "||": "or",
  "!": "not",
  "（": "(",
  "）": ")",
  "，": ",",
};
const identStart = /[A-Za-z_]/;
const identPart = /[A-Za-z0-9_-]/;

function readString(source: string, start: number): { value: string; end: number } {
  const quote = source[start];
  let value = "";
  let i = start + 1;
  while (i < source.length) {
    const char = source[i] as string;
    if (char === quote) return { value, end: i + 1 };
    if (char === "\\" && i + 1 < source.length) {
      value += source[i + 1];
      i += 2;
      continue;
    }
    value += char;
    i++;
  }
  throw new ExpressionSyntaxError("字符串缺少结束引号", start);
}

function readWhile(source: string, start: number, pattern: RegExp): number {
  let i = start;
  while (i < source.length && pattern.test(source[i] as string)) i++;
  return i;
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i++;
    } else if (/[0-9.]/.test(char)) {
      const end = readWhile(source, i, /[0-9.eE]/);
      const value = Number(source.slice(i, end));
      if (!Number.isFinite(value)) throw new ExpressionSyntaxError(`无效的数字“${source.slice(i, end)}”`, i);
      tokens.push({ kind: "number", value, at: i });
      i = end;
    } else if (char === '"' || char === "'" || char === "“") {
      const quoted = char === "“" ? readString(source.replace(/”/g, "“"), i) : readString(source, i);
      tokens.push({ kind: "string", value: quoted.value, at: i });
      i = quoted.end;
    } else if (char === "$") {
      const idEnd = readWhile(source, i + 1, identPart);
      if (idEnd === i + 1 || !identStart.test(source[i + 1] as string))
        throw new ExpressionSyntaxError("“$”后缺少题目编号", i);
      let key: string | undefined;
      let end = idEnd;
      if (source[idEnd] === "." && identStart.test(source[idEnd + 1] ?? "")) {
        end = readWhile(source, idEnd + 1, identPart);
        key = source.slice(idEnd + 1, end);
      }
      tokens.push({ kind: "ref", id: source.slice(i + 1, idEnd), key, at: i });
      i = end;
    } else if (identStart.test(char)) {
      const end = readWhile(source, i, /[A-Za-z0-9_]/);
      tokens.push({ kind: "ident", name: source.slice(i, end).toUpperCase(), at: i });
      i = end;
    } else {
      const op =
        operators.find((candidate) => source.startsWith(candidate, i)) ?? (aliases[char] ? char : undefined);
      if (!op) throw new ExpressionSyntaxError(`无法识别的字符“${char}”`, i);
      tokens.push({ kind: "op", op: aliases[op] ?? op, at: i });
      i += op.length;
    }
  }
  tokens.push({ kind: "end", at: source.length });
  return tokens;
}
