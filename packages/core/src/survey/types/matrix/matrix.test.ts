import { describe, expect, it } from "vitest";
import { matrixDropdownType } from "./matrix-dropdown.ts";
import { matrixFillType } from "./matrix-fill.ts";
import { matrixMultipleType } from "./matrix-multiple.ts";
import { matrixScaleType } from "./matrix-scale.ts";
import { matrixSingleType } from "./matrix-single.ts";
import { tableType } from "./table.ts";

const codes = (issues: { code: string }[]) => issues.map((issue) => issue.code);
const rows = [
  { id: "r1", label: "环境" },
  { id: "r2", label: "服务" },
];
const columns = [
  { id: "c1", label: "满意" },
  { id: "c2", label: "不满意" },
];
const env = { today: "2024-06-15", options: rows };

describe("矩阵单选 and 矩阵多选", () => {
  it("矩阵单选 requires every offered row and valid columns", () => {
    const config = matrixSingleType.configSchema.parse({ rows, columns });
    expect(matrixSingleType.validate(config, { r1: "c1", r2: "c2" }, env)).toEqual([]);
    expect(matrixSingleType.validate(config, { r1: "c1" }, env)[0]?.message).toBe("请完成“服务”这一行");
    expect(codes(matrixSingleType.validate(config, { r1: "c9", r2: "c1" }, env))).toEqual(["hiddenOption"]);
    expect(codes(matrixSingleType.validate(config, { r3: "c1" }, env))).toEqual(["hiddenOption"]);
    expect(matrixSingleType.validate({ ...config, rowsRequired: false }, { r1: "c1" }, env)).toEqual([]);
    expect(matrixSingleType.toValue(config, { r1: "c1" }, rows, "r1")).toBe("满意");
    expect(matrixSingleType.restrict?.({ r1: "c1", r2: "c1" }, new Set(["r2"]))).toEqual({ r2: "c1" });
    const stats = matrixSingleType.stats.add(config, matrixSingleType.stats.empty(config), {
      r1: "c1",
      r2: "c2",
    });
    expect(matrixSingleType.stats.merge(stats, stats)).toEqual({
      n: 2,
      cells: { r1: { c1: 2 }, r2: { c2: 2 } },
    });
  });

  it("矩阵多选 checks per-row selection bounds", () => {
    const config = matrixMultipleType.configSchema.parse({ rows, columns, selection: { max: 1 } });
    expect(matrixMultipleType.validate(config, { r1: ["c1"], r2: ["c2"] }, env)).toEqual([]);
    expect(matrixMultipleType.validate(config, { r1: ["c1", "c2"], r2: ["c1"] }, env)[0]?.path).toEqual([
      "r1",
    ]);
    expect(codes(matrixMultipleType.validate(config, { r1: ["c1"], r2: [] }, env))).toEqual(["rowRequired"]);
    expect(
      matrixMultipleType.stats.add(config, matrixMultipleType.stats.empty(config), { r1: ["c1", "c2"] })
        .cells,
    ).toEqual({
      r1: { c1: 1, c2: 1 },
    });
  });
});

describe("矩阵填空, 矩阵量表, 矩阵下拉", () => {
  it("矩阵填空 checks each cell's format and row completeness", () => {
    const config = matrixFillType.configSchema.parse({ rows, columns, format: "integer" });
    const full = { r1: { c1: "1", c2: "2" }, r2: { c1: "3", c2: "4" } };
    expect(matrixFillType.validate(config, full, env)).toEqual([]);
    expect(matrixFillType.validate(config, { ...full, r1: { c1: "x", c2: "2" } }, env)[0]?.path).toEqual([
      "r1",
      "c1",
    ]);
    expect(codes(matrixFillType.validate(config, { r1: { c1: "1", c2: "2" } }, env))).toEqual([
      "rowRequired",
    ]);
    expect(matrixFillType.toValue(config, full, rows, "r2")).toEqual(["3", "4"]);
  });

  it("矩阵量表 checks scale points per row", () => {
    const config = matrixScaleType.configSchema.parse({ rows, scale: { points: 5 } });
    expect(matrixScaleType.validate(config, { r1: 5, r2: 1 }, env)).toEqual([]);
    expect(codes(matrixScaleType.validate(config, { r1: 6, r2: 1 }, env))).toEqual(["invalidAnswer"]);
    expect(matrixScaleType.toValue(config, { r1: 5, r2: 1 }, rows, undefined)).toEqual([5, 1]);
  });

  it("矩阵下拉 checks choices per column", () => {
    const config = matrixDropdownType.configSchema.parse({
      rows,
      columns: [
        {
          id: "k",
          label: "频率",
          choices: [
            { id: "often", label: "经常" },
            { id: "never", label: "从不" },
          ],
        },
      ],
    });
    expect(matrixDropdownType.validate(config, { r1: { k: "often" }, r2: { k: "never" } }, env)).toEqual([]);
    expect(codes(matrixDropdownType.validate(config, { r1: { k: "x" }, r2: { k: "never" } }, env))).toEqual([
      "hiddenOption",
    ]);
    expect(matrixDropdownType.toText(config, { r1: { k: "often" } }, rows)).toBe("环境:经常");
    expect(
      matrixDropdownType.stats.add(config, matrixDropdownType.stats.empty(config), { r1: { k: "often" } })
        .cells,
    ).toEqual({
      "r1.k": { often: 1 },
    });
  });
});

describe("表格自增", () => {
  const config = tableType.configSchema.parse({
    columns: [
      { id: "name", label: "姓名" },
      { id: "age", label: "年龄", kind: "number", required: false },
      {
        id: "sex",
        label: "性别",
        kind: "select",
        choices: [
          { id: "m", label: "男" },
          { id: "f", label: "女" },
        ],
      },
    ],
    minRows: 1,
    maxRows: 2,
  });

  it("enforces row counts and cell kinds", () => {
    expect(
      tableType.validate(config, [{ name: "张三", age: 30, sex: "m" }], { today: "", options: [] }),
    ).toEqual([]);
    expect(codes(tableType.validate(config, [], { today: "", options: [] }))).toEqual(["minRows"]);
    const three = Array.from({ length: 3 }, () => ({ name: "a", sex: "f" }));
    expect(codes(tableType.validate(config, three, { today: "", options: [] }))).toEqual(["maxRows"]);
    const bad = tableType.validate(config, [{ name: "", age: "x", sex: "z" }], { today: "", options: [] });
    expect(bad.map((issue) => [issue.code, issue.path])).toEqual([
      ["blankRequired", [0, "name"]],
      ["format", [0, "age"]],
      ["hiddenOption", [0, "sex"]],
    ]);
    expect(
      tableType.configSchema.safeParse({ columns: [{ id: "a", label: "a" }], minRows: 5, maxRows: 2 })
        .success,
    ).toBe(false);
  });

  it("counts rows", () => {
    expect(tableType.toValue(config, [{ name: "a" }, { name: "b" }], [], undefined)).toBe(2);
    expect(
      tableType.stats.add(config, tableType.stats.empty(config), [{ name: "a" }, { name: "b" }]),
    ).toEqual({ n: 1, rows: 2 });
  });
});
