import fs from "node:fs";
import path from "node:path";

/** The files under `dir`, at any depth, whose relative path matches `pattern`: for tests that read source files. */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name));
}
