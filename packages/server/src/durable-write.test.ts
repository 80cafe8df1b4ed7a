import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answerTokenKeyPath, prepareAnswerTokenKey } from "./commands/answering/answer-token.ts";
import { loadConfig } from "./config.ts";
import { writeFileDurably } from "./durable-write.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-durable-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Paths fsynced through file handles, in order (the helper's only way to sync). */
function recordSyncs(): string[] {
  const synced: string[] = [];
  const open = fsp.open;
  vi.spyOn(fsp, "open").mockImplementation(async (...args: Parameters<typeof fsp.open>) => {
    const handle = await open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      synced.push(String(args[0]));
      return sync();
    };
    return handle;
  });
  return synced;
}

describe("writeFileDurably", () => {
  it("syncs the data under a temporary name, then the directory after the rename, and leaves only the file", async () => {
    const synced = recordSyncs();
    const target = path.join(dir, "a", "b", "file.bin");
    await writeFileDurably(target, Buffer.from("内容"), { exclusive: true });
    expect(fs.readFileSync(target, "utf8")).toBe("内容");
    expect(fs.readdirSync(path.dirname(target))).toEqual(["file.bin"]);
    // New directories' names first, then the data under its temporary name, then the file's name.
    expect(synced.slice(0, 2)).toEqual([path.join(dir, "a"), dir]);
    expect(path.basename(synced.at(-2) ?? "")).toMatch(/^\.file\.bin\.[0-9a-f]{12}\.tmp$/);
    expect(synced.at(-1)).toBe(path.dirname(target));
  });

  it("refuses to replace an existing file when exclusive, keeping it and leaving no temporary file", async () => {
    const target = path.join(dir, "key");
    fs.writeFileSync(target, "old");
    await expect(writeFileDurably(target, "new", { exclusive: true })).rejects.toMatchObject({
      code: "EEXIST",
    });
    expect(fs.readFileSync(target, "utf8")).toBe("old");
    expect(fs.readdirSync(dir)).toEqual(["key"]);
  });
});

describe("the answer-token key", () => {
  const config = () => loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" });

  it("is created durably on first start as 64 hex characters readable only by the server", async () => {
    const synced = recordSyncs();
    await prepareAnswerTokenKey(config());
    const file = answerTokenKeyPath(config());
    expect(fs.readFileSync(file, "utf8")).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(synced).toContain(path.dirname(file));
  });

  it.each([
    ["empty", ""],
    ["short", "abc123"],
  ])("refuses to start on an %s key file with a Chinese message", async (_name, content) => {
    const file = answerTokenKeyPath(config());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    await expect(prepareAnswerTokenKey(config())).rejects.toThrow(/为空或已损坏.*请删除该文件后重启/);
    expect(fs.readFileSync(file, "utf8")).toBe(content);
  });
});
