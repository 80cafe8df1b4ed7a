import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../testing/source-files.ts";

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** A Chinese character or full-width punctuation (。，；：、（）「」 and the like). */
const CHINESE = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;

/**
 * Places where a line of source ends in Chinese and the next line goes on in Chinese, outside comments: in JSX text
 * (or a template literal) the line break is drawn as a space, so the sentence reads 请妥善保管； 不再使用 with a gap
 * no Chinese text has. Write such a sentence on one line, or as string expressions (`{"……"}` on each line: the
 * break between two expressions is dropped).
 */
function brokenSentences(file: string): string[] {
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const found: string[] = [];
  let inBlockComment = false;
  const isComment: boolean[] = lines.map((line) => {
    const trimmed = line.trim();
    if (inBlockComment) {
      if (trimmed.includes("*/")) inBlockComment = false;
      return true;
    }
    if (trimmed.startsWith("/*") || trimmed.startsWith("{/*")) {
      inBlockComment = !trimmed.includes("*/");
      return true;
    }
    return trimmed.startsWith("//");
  });
  for (let i = 0; i + 1 < lines.length; i++) {
    const end = (lines[i] as string).trimEnd();
    const next = (lines[i + 1] as string).trim();
    if (isComment[i] || isComment[i + 1] || end.length === 0 || next.length === 0) continue;
    // A line ending in a trailing comment is not text that goes on.
    if (/\/\/[^"'`]*$/.test(end)) continue;
    if (CHINESE.test(end.slice(-1)) && CHINESE.test(next.charAt(0)))
      found.push(`${path.relative(src, file)}:${i + 1}: …${end.trim().slice(-12)} ⏎ ${next.slice(0, 12)}…`);
  }
  return found;
}

describe("Chinese text in the pages", () => {
  it("never breaks a sentence across two lines of JSX, where the break shows as a space", () => {
    const files = filesUnder(src, /(?<!\.test)\.tsx$/);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(brokenSentences)).toEqual([]);
  });
});
