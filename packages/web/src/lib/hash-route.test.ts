import { describe, expect, it } from "vitest";
import { hashRoutePath } from "./hash-route.ts";

describe("hashRoutePath", () => {
  it("turns a root hash route into a path", () => {
    expect(hashRoutePath("/", "#/Loginone")).toBe("/Loginone");
    expect(hashRoutePath("/", "#/Loginone?redirect=%2Fdc")).toBe("/Loginone?redirect=%2Fdc");
  });

  it("ignores ordinary anchors, other paths and protocol-relative targets", () => {
    expect(hashRoutePath("/", "#top")).toBeNull();
    expect(hashRoutePath("/", "")).toBeNull();
    expect(hashRoutePath("/website/home", "#/Loginone")).toBeNull();
    expect(hashRoutePath("/", "#//evil.example")).toBeNull();
  });
});
