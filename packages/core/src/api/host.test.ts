import { describe, expect, it } from "vitest";
import { wwwRedirectHost } from "./host.ts";

describe("wwwRedirectHost (seed §5 host rule)", () => {
  it("prepends www to a domain that lacks it, keeping the port", () => {
    expect(wwwRedirectHost("wjgj.cn")).toBe("www.wjgj.cn");
    expect(wwwRedirectHost("wjgj.cn:8080")).toBe("www.wjgj.cn:8080");
    expect(wwwRedirectHost("Survey.Example.com")).toBe("www.survey.example.com");
  });

  it("leaves hosts starting with www alone", () => {
    expect(wwwRedirectHost("www.wjgj.cn")).toBeNull();
    expect(wwwRedirectHost("www2.wjgj.cn")).toBeNull();
  });

  it("never redirects localhost, IP addresses or single-label hosts", () => {
    for (const host of [
      "localhost",
      "localhost:8080",
      "app.localhost",
      "127.0.0.1",
      "10.0.0.8:80",
      "[::1]:8080",
      "intranet",
    ]) {
      expect(wwwRedirectHost(host)).toBeNull();
    }
  });
});
