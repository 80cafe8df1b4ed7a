import { afterEach, describe, expect, it, vi } from "vitest";
import {
  checkActiveNav,
  checkCarouselIndex,
  checkHelpMenuFlag,
  checkLabelId,
  checkPhoneMenuFlag,
} from "./type-checks.ts";

afterEach(() => vi.restoreAllMocks());

describe("type checks (seed §8)", () => {
  const cases = [
    { check: checkPhoneMenuFlag, good: true, bad: "true", message: "导航菜单状态必须为布尔值，收到：" },
    { check: checkHelpMenuFlag, good: false, bad: 0, message: "帮助菜单状态必须为布尔值，收到：" },
    { check: checkActiveNav, good: "/website/home", bad: 3, message: "当前导航项必须为字符串，收到：" },
    { check: checkCarouselIndex, good: 2, bad: "2", message: "轮播图索引必须为数字，收到：" },
    { check: checkLabelId, good: "7", bad: 7, message: "资讯标签ID必须为字符串，收到：" },
  ];

  for (const { check, good, bad, message } of cases) {
    it(`${message} accepts the right type silently`, () => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      expect(check(good)).toBe(true);
      expect(error).not.toHaveBeenCalled();
    });

    it(`${message} logs the Chinese error with the value`, () => {
      const error = vi.spyOn(console, "error").mockImplementation(() => {});
      expect(check(bad)).toBe(false);
      expect(error).toHaveBeenCalledWith(message, bad);
    });
  }

  it("rejects NaN as a carousel index", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(checkCarouselIndex(Number.NaN)).toBe(false);
  });
});
