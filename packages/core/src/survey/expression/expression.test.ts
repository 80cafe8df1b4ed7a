import { describe, expect, it } from "vitest";
import type { Expr } from "./ast.ts";
import { evaluateExpression } from "./evaluate.ts";
import { parseExpression } from "./parser.ts";
import { checkExpressionTypes, type TypeProblem } from "./typecheck.ts";
import type { ExprValue, ValueType } from "./value.ts";

const refs: Record<string, ExprValue> = {
  q1: 3,
  q2: "北京",
  q3: ["A", "B"],
  birth: "2000-06-16",
  empty: null,
};
const env = {
  today: "2024-06-15",
  ref: (id: string, key: string | undefined) => (key ? `${id}.${key}` : (refs[id] ?? null)),
};

function parse(source: string): Expr {
  const result = parseExpression(source);
  if (!result.ok) throw new Error(result.message);
  return result.expr;
}
const run = (source: string) => evaluateExpression(parse(source), env);

describe("expression parser", () => {
  it("respects precedence and associativity", () => {
    expect(run("1 + 2 * 3")).toBe(7);
    expect(run("(1 + 2) * 3")).toBe(9);
    expect(run("10 - 4 - 3")).toBe(3);
    expect(run("-2 * 3 + 10 % 4")).toBe(-4);
    expect(run("NOT 1 = 2")).toBe(true);
    expect(run("1 < 2 AND 2 < 3 OR FALSE")).toBe(true);
  });

  it("accepts symbol and full-width variants", () => {
    expect(run("3 ≥ 2 && 2 ≠ 3")).toBe(true);
    expect(run("SUM（1，2）")).toBe(3);
    expect(run("“中文” & '串'")).toBe("中文串");
  });

  it("reports syntax errors with their offset instead of throwing", () => {
    expect(parseExpression("1 +")).toMatchObject({ ok: false, at: 3 });
    expect(parseExpression("foo")).toMatchObject({ ok: false, at: 0 });
    expect(parseExpression('"open')).toMatchObject({ ok: false });
    expect(parseExpression("$")).toMatchObject({ ok: false });
    expect(parseExpression("1 2")).toMatchObject({ ok: false, at: 2 });
    expect(parseExpression(`${"(".repeat(200)}1${")".repeat(200)}`)).toMatchObject({ ok: false });
  });

  it("never evaluates code: identifiers are only functions, TRUE/FALSE and $refs", () => {
    expect(parseExpression("constructor")).toMatchObject({ ok: false });
    expect(parseExpression("process.exit(1)")).toMatchObject({ ok: false });
  });
});

describe("expression evaluation", () => {
  it("reads answers and parts by reference", () => {
    expect(run("$q1 * 2")).toBe(6);
    expect(run("$q1.score")).toBe("q1.score");
    expect(run("$q2 = '北京'")).toBe(true);
  });

  it("implements every operator", () => {
    const cases: [string, ExprValue][] = [
      ["7 + 2", 9],
      ["7 - 2", 5],
      ["7 * 2", 14],
      ["7 / 2", 3.5],
      ["7 % 2", 1],
      ["'a' & 1", "a1"],
      ["-$q1", -3],
      ["2 = 2", true],
      ["2 == 3", false],
      ["2 != 3", true],
      ["2 <> 2", false],
      ["2 < 3", true],
      ["3 <= 3", true],
      ["3 > 3", false],
      ["3 >= 3", true],
      ["$birth < '2001-01-01'", true],
      ["TRUE AND FALSE", false],
      ["TRUE && TRUE", true],
      ["FALSE OR TRUE", true],
      ["FALSE || FALSE", false],
      ["NOT TRUE", false],
      ["!FALSE", true],
    ];
    for (const [source, expected] of cases) expect(run(source), source).toEqual(expected);
  });

  it("propagates null instead of failing", () => {
    expect(run("$empty + 1")).toBeNull();
    expect(run("1 / 0")).toBeNull();
    expect(run("$empty = 0")).toBe(false);
    expect(run("$missing")).toBeNull();
  });

  it("implements every built-in", () => {
    expect(run("IF($q1 > 2, 'big', 'small')")).toBe("big");
    expect(run("AND(1, 0)")).toBe(false);
    expect(run("OR(0, 'x')")).toBe(true);
    expect(run("NOT(0)")).toBe(true);
    expect(run("SUM(1, 2, $q1)")).toBe(6);
    expect(run("AVERAGE(1, 2, 3, $empty)")).toBe(2);
    expect(run("COUNT($q3, $empty, 1)")).toBe(3);
    expect(run("MIN(4, 2, 8)")).toBe(2);
    expect(run("MAX(4, 2, 8)")).toBe(8);
    expect(run("ROUND(2.345, 2)")).toBe(2.35);
    expect(run("ROUND(2.5)")).toBe(3);
    expect(run("ABS(-3)")).toBe(3);
    expect(run("LEN($q2)")).toBe(2);
    expect(run("LEN($q3)")).toBe(2);
    expect(run("CONCAT($q2, '-', $q1)")).toBe("北京-3");
    expect(run("CONTAINS($q3, 'B')")).toBe(true);
    expect(run("ISBLANK($empty)")).toBe(true);
    expect(run("TODAY()")).toBe("2024-06-15");
    expect(run("YEAR($birth) + MONTH($birth) + DAY($birth)")).toBe(2022);
    expect(run("ADDDAYS(TODAY(), 20)")).toBe("2024-07-05");
    expect(run("DATEDIFF('2024-01-01', TODAY())")).toBe(166);
    expect(run("DATEDIFF('2024-01-31', '2024-03-01', 'month')")).toBe(1);
    expect(run("DATEDIFF('2000-01-01', TODAY(), 'year')")).toBe(24);
    expect(run("AGE($birth)")).toBe(23);
    expect(run("UNKNOWN(1)")).toBeNull();
  });

  it("short-circuits AND/OR/IF", () => {
    const counting = {
      today: env.today,
      ref: () => {
        calls++;
        return 1;
      },
    };
    let calls = 0;
    evaluateExpression(parse("FALSE AND $x"), counting);
    evaluateExpression(parse("IF(TRUE, 1, $x)"), counting);
    expect(calls).toBe(0);
  });
});

describe("expression type checking", () => {
  const types: Record<string, ValueType> = { n: "number", s: "string", l: "list", d: "date" };
  const check = (source: string) => {
    const problems: TypeProblem[] = [];
    const type = checkExpressionTypes(parse(source), { refType: (id) => types[id] }, problems);
    return { type, problems: problems.map((problem) => problem.kind) };
  };

  it("infers types and accepts well-typed expressions", () => {
    expect(check("$n + 1")).toEqual({ type: "number", problems: [] });
    expect(check("SUM($l)")).toEqual({ type: "number", problems: [] });
    expect(check("$d > '2024-01-01'")).toEqual({ type: "boolean", problems: [] });
    expect(check("IF($n > 1, 'a', 'b')")).toEqual({ type: "string", problems: [] });
  });

  it("reports mismatches, unknown references, functions and arity", () => {
    expect(check("$s * 2").problems).toEqual(["type"]);
    expect(check("$n = 'x'").problems).toEqual(["type"]);
    expect(check("$l > 1").problems).toEqual(["type"]);
    expect(check("$zz + 1").problems).toEqual(["missingRef"]);
    expect(check("FOO(1)").problems).toEqual(["unknownFunction"]);
    expect(check("ROUND()").problems).toEqual(["arity"]);
    expect(check("YEAR(3)").problems).toEqual(["type"]);
  });
});
