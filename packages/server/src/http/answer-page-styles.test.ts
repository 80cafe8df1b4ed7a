import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineStylesheets } from "./answer-pages.ts";

describe("the answer page's stylesheet", () => {
  it("is inlined into the template, so nothing blocks the first paint on a round trip", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-styles-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "assets", "answer-Ab12.css"), ".wa-page{margin:0 auto}");
    const template = [
      "<head>",
      '<script type="module" crossorigin src="/assets/answer-Cd34.js"></script>',
      '<link rel="stylesheet" crossorigin href="/assets/answer-Ab12.css">',
      '<link rel="stylesheet" href="/assets/missing-Ef56.css">',
      '<link rel="icon" href="/favicon.svg" />',
      "</head>",
    ].join("");
    const html = inlineStylesheets(template, dist);
    expect(html).toContain("<style>.wa-page{margin:0 auto}</style>");
    expect(html).not.toContain("answer-Ab12.css");
    // A file that is not there stays a link (the browser gets the 404, not a broken page).
    expect(html).toContain('href="/assets/missing-Ef56.css"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/answer-Cd34.js"></script>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
