import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./errors.ts";
import { importsApi } from "./imports.ts";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("导出问卷", () => {
  it("saves the JSON file the server attaches, named after the questionnaire", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response('{"title":"顾客调查","pages":[]}', {
            headers: {
              "Content-Type": "application/json; charset=utf-8",
              "Content-Disposition": 'attachment; filename="questionnaire-3.surveyjs.json"',
            },
          }),
      ),
    );
    URL.createObjectURL = vi.fn(() => "blob:definition");
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe("顾客调查.surveyjs.json");
    });
    await importsApi.exportDefinition({ id: 3, title: "顾客调查" }, "surveyjs");
    expect(click).toHaveBeenCalledOnce();
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe(
      "/wjgj/api/questionary/exportDefinition?id=3&format=surveyjs",
    );
  });

  it("turns a refusal envelope into the server's message", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response('{"code":403,"msg":"账号没有相关操作权限","data":null}', {
            headers: { "Content-Type": "application/json" },
          }),
      ),
    );
    const failure = await importsApi
      .exportDefinition({ id: 3, title: "x" }, "json")
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe("账号没有相关操作权限");
  });
});
