import type { CodeFilter, Condition, ResultsFilter } from "@wjgj/core";
import { formatDuration } from "@wjgj/core/results/durations";
import { describe, expect, it } from "vitest";
import {
  countLeaves,
  exportFilterOf,
  filterParts,
  isFilterActive,
  unsupportedFilterReason,
} from "./filter-model.ts";
import { formatPercent } from "./format.ts";

const picked: Condition = { kind: "selected", questionId: "q1", optionIds: ["a"], match: "any" };

describe("filter model", () => {
  it("names every part of a filter for the 已筛选 chip", () => {
    expect(isFilterActive({})).toBe(false);
    const filter: ResultsFilter = {
      condition: {
        kind: "all" as const,
        conditions: [
          picked,
          { kind: "not" as const, condition: { kind: "answered" as const, questionId: "q2" } },
        ],
      },
      codes: { codeIds: [3, 4], match: "none" },
      dateFrom: "2025-01-01",
      dateTo: "2025-01-31",
      source: "wechat",
    };
    expect(isFilterActive(filter)).toBe(true);
    expect(isFilterActive({ codes: { codeIds: [3], match: "any" } })).toBe(true);
    expect(countLeaves(filter.condition)).toBe(2);
    expect(filterParts(filter)).toEqual([
      "答题条件 2 项",
      "编码：不含这些类别 2 项",
      "2025-01-01 至 2025-01-31",
      "来源：微信",
    ]);
    expect(filterParts({ dateTo: "2025-02-01" })).toEqual(["截至 2025-02-01"]);
  });

  it("refuses expressions and calculated values anywhere in the tree", () => {
    expect(unsupportedFilterReason(picked)).toBeNull();
    expect(
      unsupportedFilterReason({
        kind: "any",
        conditions: [picked, { kind: "expression", expression: "$q1 > 1" }],
      }),
    ).toBe("筛选条件不支持自定义表达式，请改用题目条件");
    expect(
      unsupportedFilterReason({
        kind: "not",
        condition: { kind: "computed", computedId: "c", op: "gt", value: 1 },
      }),
    ).toBe("筛选条件不支持计算值，请改用题目条件");
  });

  it("hands an export the answer condition, the 编码, the dates and the source", () => {
    const codes: CodeFilter = { codeIds: [3], match: "all" };
    expect(exportFilterOf({ condition: picked, codes, dateFrom: "2025-01-01", source: "link" })).toEqual({
      condition: picked,
      codes,
      startDate: "2025-01-01",
      sources: ["link"],
    });
    expect(exportFilterOf({})).toEqual({});
  });

  it("carries 审核状态 (issue #41) into the chip's words and the export's filter", () => {
    expect(isFilterActive({ review: "pending" })).toBe(true);
    expect(filterParts({ review: "rejected" })).toEqual(["审核状态：未通过"]);
    expect(exportFilterOf({ review: "approved", source: "link" })).toEqual({
      review: "approved",
      sources: ["link"],
    });
  });

  it("formats durations and shares as people read them", () => {
    expect(formatDuration(45)).toBe("45秒");
    expect(formatDuration(185)).toBe("3分05秒");
    expect(formatDuration(3720)).toBe("1小时02分");
    expect(formatDuration(null)).toBe("-");
    expect(formatPercent(33.333)).toBe("33.3%");
  });
});
