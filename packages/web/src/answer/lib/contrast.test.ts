import { describe, expect, it } from "vitest";
import { contrastRatio, readableTheme, tintOf } from "./contrast.ts";

describe("readableTheme", () => {
  it("darkens the old brand blue just enough to pass 4.5:1 on white and on its tint", () => {
    expect(contrastRatio("#2f6bff", "#ffffff")).toBeLessThan(4.5);
    const theme = readableTheme("#2f6bff");
    expect(contrastRatio(theme, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(theme, tintOf(theme))).toBeGreaterThanOrEqual(4.5);
    // Just enough: one step lighter would fail.
    expect(contrastRatio("#2f6bff", tintOf("#2f6bff"))).toBeLessThan(4.5);
    expect(theme).not.toBe("#2f6bff");
  });

  it("keeps colours that already read and leaves what it cannot parse", () => {
    expect(readableTheme("#1f2329")).toBe("#1f2329");
    expect(readableTheme("#fff")).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(readableTheme("#ffcc00"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(readableTheme("red")).toBe("red");
  });
});
