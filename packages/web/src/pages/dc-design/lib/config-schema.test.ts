import { questionTypes } from "@wjgj/core";
import { describe, expect, it } from "vitest";
import { configFieldsOf } from "./config-schema.ts";

const kinds = (type: string) => Object.fromEntries(configFieldsOf(type).map((f) => [f.key, f.field.kind]));

describe("config fields from the registry schema", () => {
  it("derives the 单行文本 settings, with ranges and validation rules", () => {
    expect(kinds("text")).toEqual({
      format: "enum",
      placeholder: "text",
      length: "range",
      range: "range",
      dateRange: "range",
      patterns: "patterns",
      unique: "boolean",
    });
    const dateRange = configFieldsOf("text").find((f) => f.key === "dateRange")?.field;
    expect(dateRange).toEqual({ kind: "range", bound: "date", hasLevel: true });
  });

  it("leaves option lists to the option editors and keeps the schema's bounds", () => {
    expect(kinds("single")).toEqual({ columns: "number" });
    expect(configFieldsOf("single")[0]).toMatchObject({
      label: "每行显示列数",
      field: { min: 1, max: 6 },
      defaultValue: 1,
    });
    expect(kinds("matrixSingle")).toEqual({ rowsRequired: "boolean" });
    expect(kinds("matrixDropdown")).toEqual({ rowsRequired: "boolean", columns: "columns" });
  });

  it("uses the type's own words where a key means something else", () => {
    expect(configFieldsOf("star").find((f) => f.key === "max")?.label).toBe("星星数量");
    expect(configFieldsOf("time").find((f) => f.key === "range")?.field).toEqual({
      kind: "range",
      bound: "time",
      hasLevel: true,
    });
    expect(kinds("matrixScale")).toEqual({ rowsRequired: "boolean", scale: "object" });
  });

  it("has a settings form for every type without throwing", () => {
    for (const module of questionTypes) expect(() => configFieldsOf(module.type)).not.toThrow();
  });
});
