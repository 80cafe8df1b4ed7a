import { describe, expect, it } from "vitest";
import { trendChart } from "./chart-options.ts";

describe("答卷趋势", () => {
  it("joins the days with straight segments, one point per day", () => {
    const option = trendChart([
      { date: "2026-12-03", count: 6 },
      { date: "2026-12-04", count: 6 },
      { date: "2026-12-05", count: 2 },
    ]);
    const series = (option.series as { type: string; smooth: boolean; data: number[] }[])[0];
    expect(series).toMatchObject({ type: "line", smooth: false, data: [6, 6, 2] });
    expect((option.xAxis as { data: string[] }).data).toEqual(["12-03", "12-04", "12-05"]);
  });
});
