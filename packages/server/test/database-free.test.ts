import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DATABASE_FREE_FILES } from "../vitest.config.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** What opening a database or the app goes through: a file that reaches one of these may use a database. */
const DATABASE_ENTRIES = ["src/db/index.ts", "src/context.ts", "src/app.ts", "test/helpers.ts"];

/** Relative imports of a module that load code (`import type` and `export type` load nothing). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  const found: string[] = [];
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    if (match[2]) continue;
    const specifier = match[3] ?? match[4];
    if (specifier) found.push(path.normalize(path.join(path.dirname(file), specifier)));
  }
  return found;
}

/** Every module of the server package that `file` loads, itself included. */
function closure(file: string): Set<string> {
  const seen = new Set<string>();
  const pending = [file];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (seen.has(next) || !fs.existsSync(path.join(root, next))) continue;
    seen.add(next);
    pending.push(...importsOf(next));
  }
  return seen;
}

describe("the test files CI's PostgreSQL pass leaves out (DATABASE_FREE_FILES)", () => {
  it("exist, and load neither the database layer nor the test app", () => {
    for (const file of DATABASE_FREE_FILES) {
      expect(fs.existsSync(path.join(root, file)), file).toBe(true);
      const reached = DATABASE_ENTRIES.filter((entry) => closure(file).has(entry));
      expect(reached, file).toEqual([]);
    }
  });

  it("would notice a file that does", () => {
    expect(closure("test/bad-input.test.ts").has("test/helpers.ts")).toBe(true);
    expect(closure("src/routes/statistics/text-analysis.test.ts").has("src/db/index.ts")).toBe(true);
  });
});
