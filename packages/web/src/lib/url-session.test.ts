import { describe, expect, it } from "vitest";
import { readSessionParams, searchWithoutCredentials } from "./url-session.ts";

describe("readSessionParams", () => {
  it("reads token, fromType and requestParam", () => {
    expect(readSessionParams("?token=abc&fromType=2&requestParam=x.y")).toEqual({
      token: "abc",
      fromType: "2",
      requestParam: "x.y",
    });
  });

  it("treats missing and blank values as absent", () => {
    expect(readSessionParams("?token=%20&a=1")).toEqual({ token: null, fromType: null, requestParam: null });
  });
});

describe("searchWithoutCredentials", () => {
  it("drops token and requestParam but keeps the rest", () => {
    expect(searchWithoutCredentials("?token=abc&fromType=2&type=1")).toBe("?fromType=2&type=1");
    expect(searchWithoutCredentials("?requestParam=x")).toBe("");
  });

  it("answers null when there is nothing to drop", () => {
    expect(searchWithoutCredentials("?fromType=2")).toBeNull();
    expect(searchWithoutCredentials("")).toBeNull();
  });
});
