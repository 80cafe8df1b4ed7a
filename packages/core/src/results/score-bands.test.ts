import { describe, expect, it } from "vitest";
import { scoreBands } from "./score-bands.ts";

const labels = (max: number, custom?: number[]) => scoreBands([], max, custom).map((band) => band.label);

describe("score bands", () => {
  it("are round numbers at 100 and scaled to other full marks", () => {
    expect(labels(100)).toEqual(["0-59", "60-69", "70-79", "80-89", "90-100"]);
    expect(labels(50)).toEqual(["0-29", "30-34", "35-39", "40-44", "45-50"]);
    expect(labels(150)).toEqual(["0-89", "90-104", "105-119", "120-134", "135-150"]);
    expect(labels(37)).toEqual(["0-22", "23-25", "26-29", "30-33", "34-37"]);
    expect(labels(10)).toEqual(["0-5", "6", "7", "8", "9-10"]);
    // Too few points for five bands: no empty or reversed ones.
    expect(labels(3)).toEqual(["0-1", "2-3"]);
  });

  it("count every score once, fractions with the band below the next bound", () => {
    const bands = scoreBands([0, 59.5, 60, 69, 70, 89.9, 90, 100], 100);
    expect(bands.map((band) => band.count)).toEqual([2, 2, 1, 1, 2]);
    expect(bands.reduce((sum, band) => sum + band.count, 0)).toBe(8);
    expect(bands[0]).toMatchObject({ from: 0, to: 59, percentage: 25 });
  });

  it("follow the creator's bounds when the settings hold them", () => {
    expect(labels(100, [0, 50, 85])).toEqual(["0-49", "50-84", "85-100"]);
    expect(labels(100, [85, 50])).toEqual(["0-49", "50-84", "85-100"]);
    expect(scoreBands([40, 50, 99], 100, [50, 85]).map((band) => band.count)).toEqual([1, 1, 1]);
  });
});
