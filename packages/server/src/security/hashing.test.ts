import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { hashPassword, PASSWORD_HASH_COST, verifyPassword } from "./hashing.ts";

describe("password hashes", () => {
  it("are made at the configured cost and name it, so they verify whatever the setting later is", async () => {
    const cheap = await hashPassword("秘密 pass-1", 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const dearer = await hashPassword("秘密 pass-1", 11);
    expect(dearer).toMatch(/^scrypt\$2048\$8\$1\$/);
    for (const stored of [cheap, dearer]) {
      expect(await verifyPassword("秘密 pass-1", stored, 10)).toBe(true);
      expect(await verifyPassword("秘密 pass-1", stored, 12)).toBe(true);
      expect(await verifyPassword("秘密 pass-2", stored, 10)).toBe(false);
    }
    // Two hashes of one password differ (their salts do).
    expect(await hashPassword("秘密 pass-1", 10)).not.toBe(cheap);
  });

  it("answer no, after a check of the configured cost, when there is no hash", async () => {
    expect(await verifyPassword("anything", null, 10)).toBe(false);
    expect(await verifyPassword("anything", "not-a-hash", 10)).toBe(false);
  });
});

describe("PASSWORD_HASH_COST", () => {
  it("defaults to 15 (N = 32768) and takes 10 to 17", () => {
    expect(loadConfig({}).passwordHashCost).toBe(PASSWORD_HASH_COST.default);
    expect(PASSWORD_HASH_COST.default).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: "10" }).passwordHashCost).toBe(10);
    expect(loadConfig({ PASSWORD_HASH_COST: "17", NODE_ENV: "production" }).passwordHashCost).toBe(17);
    for (const wrong of ["9", "18", "12.5", "abc"])
      expect(() => loadConfig({ PASSWORD_HASH_COST: wrong })).toThrow(
        "环境变量配置有误：\n  PASSWORD_HASH_COST: 应为 10–17 的整数（scrypt 的 N 取以 2 为底的对数），默认 15",
      );
  });

  it("refuses to start a production site below the default", () => {
    expect(() => loadConfig({ PASSWORD_HASH_COST: "14", NODE_ENV: "production" })).toThrow(
      /PASSWORD_HASH_COST 低于 15 仅供自动化测试使用，生产环境（NODE_ENV=production）不得设置/,
    );
    expect(loadConfig({ NODE_ENV: "production" }).passwordHashCost).toBe(15);
  });
});
