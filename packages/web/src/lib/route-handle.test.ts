import { describe, expect, it } from "vitest";
import { deepestHandleValue, documentTitle } from "./route-handle.ts";

describe("deepestHandleValue", () => {
  it("takes the deepest route that sets the value", () => {
    const matches = [
      { handle: undefined },
      { handle: { name: "outer", noAuth: true } },
      { handle: { name: "inner" } },
    ];
    expect(deepestHandleValue(matches, "name")).toBe("inner");
    expect(deepestHandleValue(matches, "noAuth")).toBe(true);
    expect(deepestHandleValue(matches, "title")).toBeUndefined();
    expect(deepestHandleValue([], "name")).toBeUndefined();
  });
});

describe("documentTitle", () => {
  it("appends the product name", () => {
    expect(documentTitle("登录")).toBe("登录 - 问卷管家");
    expect(documentTitle(undefined)).toBe("问卷管家 - 在线问卷、考试、投票与表单平台");
  });
});
