import { describe, expect, it } from "vitest";
import { tableColumns } from "./table-columns.ts";

/** One unit per character: enough to see what breaks. */
const measure = (text: string) => [...text].length;
const options = { padding: 2, minScale: 0.75 };

describe("report table columns (PDF)", () => {
  it("fills the page in proportion when every cell fits on one line", () => {
    const { widths, scale } = tableColumns(
      [
        ["选项", "小计", "比例"],
        ["男", "20", "66.7%"],
      ],
      30,
      measure,
      options,
    );
    expect(scale).toBe(1);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(30);
    expect(widths[2]).toBeGreaterThan(widths[1] as number);
  });

  it("never narrows a column below its widest number, letting Chinese text wrap instead", () => {
    // An independent-samples t test: a long group label and seven columns of figures.
    const header = ["分组（性别）", "均值", "标准差", "t", "自由度", "p", "Levene F", "均值差"];
    const row = [
      "非常满意的男性受访者（城市地区）",
      "3.400",
      "1.020",
      "-1.493",
      "28",
      "0.147",
      "0.803",
      "-0.500",
    ];
    const width = 60;
    const { widths, scale } = tableColumns([header, row], width, measure, options);
    expect(scale).toBe(1);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(width);
    for (const [i, cell] of row.entries())
      if (i > 0) expect(widths[i] as number).toBeGreaterThanOrEqual([...cell].length + options.padding);
    expect(widths[6] as number).toBeGreaterThanOrEqual([..."Levene"].length + options.padding);
    // The label column gave up the width: it wraps.
    expect(widths[0] as number).toBeLessThan([...(row[0] as string)].length + options.padding);
  });

  it("keeps a bracketed percentage in one piece", () => {
    const { widths, scale } = tableColumns(
      [
        ["性别（受访者自填）", "非常满意"],
        ["男", "4（20%）"],
      ],
      14,
      measure,
      options,
    );
    expect(scale).toBe(1);
    expect(widths[1] as number).toBeGreaterThanOrEqual([..."4（20%）"].length + options.padding);
  });

  it("shrinks the type when even the figures do not fit, but not below the floor scale", () => {
    const row = Array.from({ length: 10 }, () => "-123.456");
    const { widths, scale } = tableColumns([row], 70, measure, options);
    expect(scale).toBeLessThan(1);
    expect(scale).toBeGreaterThanOrEqual(0.75);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(70);
  });
});
