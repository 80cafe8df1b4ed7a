import { describe, expect, it } from "vitest";
import { ApiError, fieldErrorsOf } from "./errors.ts";

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
