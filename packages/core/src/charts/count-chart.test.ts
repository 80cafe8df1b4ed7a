import { describe, expect, it } from "vitest";
import { columnCaption, countChart } from "./count-chart.ts";

type Axis = { data: string[]; axisLabel: { formatter: (value: string) => string } };

describe("count charts' captions", () => {
  it("put a scale point's words under its number on columns, so an NPS's end captions leave room on a phone", () => {
    const labels = ["0（不可能）", ...Array.from({ length: 9 }, (_, i) => String(i + 1)), "10（极有可能）"];
    const option = countChart(
      "column",
      labels.map((label, value) => ({ label, value })),
    ) as { xAxis: Axis };
    expect(option.xAxis.data.map(option.xAxis.axisLabel.formatter)).toEqual([
      "0\n不可能",
      ...Array.from({ length: 9 }, (_, i) => String(i + 1)),
      "10\n极有可能",
    ]);
    expect(columnCaption("非常满意的服务体验与售后保障")).toBe("非常满意的服务体验与…");
  });

  it("keep bars' captions on one line", () => {
    const option = countChart("bar", [{ label: "1（非常不满意）", value: 2 }]) as { yAxis: Axis };
    expect(option.yAxis.axisLabel.formatter("1（非常不满意）")).toBe("1（非常不满意）");
  });
});
