import { describe, expect, it } from "vitest";
import { chinaTimeText, countdownText } from "./china-time.ts";

describe("china time", () => {
  it("reads a UTC moment on China's clock, across the date line", () => {
    expect(chinaTimeText("2026-11-27T17:05:00.000Z")).toBe("2026年11月28日 01:05");
    expect(chinaTimeText("not a time")).toBe("");
  });

  it("counts down in days, hours, minutes and seconds", () => {
    expect(countdownText(59)).toBe("00:00:59");
    expect(countdownText(3 * 86_400 + 3600 + 61)).toBe("3天 01:01:01");
  });
});
