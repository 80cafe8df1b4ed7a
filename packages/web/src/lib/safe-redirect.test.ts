import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query and hash", () => {
    expect(safeRedirectPath("/dc/creatDc")).toBe("/dc/creatDc");
    expect(safeRedirectPath("/dc/personalCenter?type=1#top")).toBe("/dc/personalCenter?type=1#top");
  });

  it("refuses other origins and protocol tricks", () => {
    for (const raw of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "dc/x",
      "/\tx",
    ]) {
      expect(safeRedirectPath(raw)).toBeNull();
    }
  });

  it("refuses empty values and the login page itself", () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath("")).toBeNull();
    expect(safeRedirectPath("/Loginone?redirect=/x")).toBeNull();
  });
});
