import { describe, expect, it } from "vitest";
import { ApiError, fieldErrorsOf, preparingProgress } from "./errors.ts";

describe("fieldErrorsOf", () => {
  it("reads data.errors of a 400", () => {
    const error = new ApiError(
      400,
      "提交的内容有误",
      { errors: [{ field: "phone", message: "请输入正确的11位手机号" }, { bad: 1 }] },
      false,
    );
    expect(fieldErrorsOf(error)).toEqual([{ field: "phone", message: "请输入正确的11位手机号" }]);
  });

  it("answers an empty list for anything else", () => {
    expect(fieldErrorsOf(new ApiError(429, "太频繁", null, false))).toEqual([]);
    expect(fieldErrorsOf(new Error("x"))).toEqual([]);
  });
});

describe("preparingProgress", () => {
  it("reads the progress of 正在准备筛选数据 and nothing else", () => {
    expect(preparingProgress(new ApiError(503, "正在准备筛选数据（42%）", { progress: 42 }, false))).toBe(42);
    expect(preparingProgress(new ApiError(503, "正在准备筛选数据", null, false))).toBe(0);
    expect(preparingProgress(new ApiError(400, "提交的内容有误", { progress: 42 }, false))).toBeNull();
    expect(preparingProgress(new Error("x"))).toBeNull();
    expect(preparingProgress(null)).toBeNull();
  });
});
