import { describe, expect, it } from "vitest";
import { valueBars } from "./value-bins.ts";

describe("valueBars", () => {
  it("keeps one bar per value while there are few", () => {
    expect(
      valueBars(
        [
          { value: 1, count: 2 },
          { value: 2.5, count: 1 },
        ],
        "分",
      ),
    ).toEqual([
      { label: "1分", value: 2 },
      { label: "2.5分", value: 1 },
    ]);
  });

  it("groups many whole numbers into closed ranges of a round width, every count kept", () => {
    // 30 respondents aged 21…50, one each.
    const ages = Array.from({ length: 30 }, (_, i) => ({ value: 21 + i, count: 1 }));
    const bars = valueBars(ages, "岁");
    expect(bars).toEqual([
      { label: "20–24岁", value: 4 },
      { label: "25–29岁", value: 5 },
      { label: "30–34岁", value: 5 },
      { label: "35–39岁", value: 5 },
      { label: "40–44岁", value: 5 },
      { label: "45–49岁", value: 5 },
      { label: "50–54岁", value: 1 },
    ]);
  });

  it("gives fractional values half-open ranges labelled by their ends", () => {
    const points = Array.from({ length: 20 }, (_, i) => ({ value: 1 + i * 0.25, count: i + 1 }));
    const bars = valueBars(points);
    expect(bars[0]?.label).toBe("1–1.5");
    expect(bars.reduce((sum, bar) => sum + bar.value, 0)).toBe((20 * 21) / 2);
    expect(bars.length).toBeLessThanOrEqual(12);
  });
});
