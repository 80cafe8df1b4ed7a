import { describe, expect, it } from "vitest";
import { durationText, formatYuan } from "./pricing.ts";

describe("formatYuan", () => {
  it("shows whole yuan without decimals and keeps fen exact", () => {
    expect(formatYuan(9900)).toBe("99");
    expect(formatYuan(69900)).toBe("699");
    expect(formatYuan(9950)).toBe("99.50");
    expect(formatYuan(5)).toBe("0.05");
    expect(formatYuan(0)).toBe("0");
    expect(formatYuan(-100)).toBe("0");
  });
});

describe("durationText", () => {
  it("names common periods and falls back to days", () => {
    expect(durationText(365)).toBe("年");
    expect(durationText(30)).toBe("月");
    expect(durationText(90)).toBe("季");
    expect(durationText(7)).toBe("7天");
  });
});
