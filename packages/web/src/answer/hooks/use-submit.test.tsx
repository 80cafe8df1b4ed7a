import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSubmit } from "./use-submit.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

const payload = {
  publicId: "pub1",
  revisionId: 1,
  answers: { bk: { slot: "2026-12-07T09:00-10:00" } },
  durationSeconds: 30,
  deviceId: "d1",
  source: "link",
  answerToken: "t",
};

describe("useSubmit", () => {
  it("has the page's live places and stock read again when the server refuses a submit", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ code: 409, msg: "该时段已约满，请选择其他时间", data: null })),
    );
    const refreshed = vi.fn();
    window.addEventListener("wa:refresh-live", refreshed);
    const { result } = renderHook(() => useSubmit("pub1"));
    const outcome = await result.current.controller.submit(payload);
    window.removeEventListener("wa:refresh-live", refreshed);
    expect(outcome).toMatchObject({ kind: "refused" });
    expect(refreshed).toHaveBeenCalledTimes(1);
  });
});
