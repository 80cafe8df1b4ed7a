import { describe, expect, it } from "vitest";
import { DEVICE_KEY, deviceCookie, isDeviceId, randomId, resolveDeviceId } from "./ids.ts";

function memory(initial?: string) {
  const items = new Map<string, string>(initial ? [[DEVICE_KEY, initial]] : []);
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe("device id (the shuffle seed)", () => {
  it("generates url-safe ids the server accepts", () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(randomId(32)).toHaveLength(32);
  });

  it("adopts the server's suggestion the first time, so the first shuffle matches the rendered page", () => {
    const storage = memory();
    expect(resolveDeviceId(storage, "ServerSeed_1234")).toBe("ServerSeed_1234");
    expect(storage.items.get(DEVICE_KEY)).toBe("ServerSeed_1234");
  });

  it("keeps the stored id over any later suggestion: the same respondent sees the same order", () => {
    const storage = memory("StoredSeed_5678");
    expect(resolveDeviceId(storage, "ServerSeed_1234")).toBe("StoredSeed_5678");
  });

  it("replaces a damaged stored id, and copes without storage", () => {
    expect(resolveDeviceId(memory("<bad>"), "ServerSeed_1234")).toBe("ServerSeed_1234");
    expect(isDeviceId(resolveDeviceId(null, "x"))).toBe(true);
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {},
    };
    expect(resolveDeviceId(throwing, "ServerSeed_1234")).toBe("ServerSeed_1234");
  });

  it("mirrors the id into a long-lived cookie the server reads", () => {
    expect(deviceCookie("abcDEF123456")).toBe(
      "wjgj_did=abcDEF123456; path=/; max-age=63072000; samesite=lax",
    );
  });
});
