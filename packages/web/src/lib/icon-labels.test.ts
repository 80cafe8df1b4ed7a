import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as icons from "@ant-design/icons";
import { render } from "@testing-library/react";
import { type ComponentType, createElement } from "react";
import { describe, expect, it } from "vitest";
import { applyPatch, DEPENDENCY_PATCHES, patchFor } from "../../localise-deps.ts";
import { filesUnder } from "../testing/source-files.ts";
import { ICON_LABELS, iconLabel } from "./icon-labels.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const src = path.resolve(here, "..");

/** A file of an installed package: node_modules beside the web package or above it (npm hoists). */
function installed(relative: string): string {
  for (let dir = path.resolve(src, ".."); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", relative);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`not installed: ${relative}`);
  }
}

const ICON_EXPORT = /\b[A-Z][A-Za-z]+(?:Outlined|Filled|TwoTone)\b/g;

/** The icon components our pages draw, and those antd draws inside its own (imported one by one by path). */
function iconsInUse(): Set<string> {
  const used = new Set<string>();
  for (const file of filesUnder(src, /\.tsx?$/))
    for (const [name] of fs.readFileSync(file, "utf8").matchAll(ICON_EXPORT)) used.add(name);
  const antd = path.join(path.dirname(installed("antd/package.json")), "es");
  for (const file of filesUnder(antd, /\.js$/))
    for (const [, name] of fs.readFileSync(file, "utf8").matchAll(/@ant-design\/icons\/es\/icons\/(\w+)/g))
      used.add(name as string);
  return used;
}

describe("icons are read in Chinese", () => {
  it("names every icon our pages and antd draw", () => {
    const library = icons as unknown as Record<string, ComponentType | undefined>;
    const missing: string[] = [];
    let checked = 0;
    for (const exported of iconsInUse()) {
      const Icon = library[exported];
      if (!Icon) continue; // a word that only looks like an icon (a type, a comment)
      // The library's own label (these tests do not run the build's patch): the icon's file name.
      const { container, unmount } = render(createElement(Icon));
      const name = container.querySelector('[role="img"]')?.getAttribute("aria-label") ?? "";
      unmount();
      checked += 1;
      if (!ICON_LABELS[name]) missing.push(`${exported} (${name})`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing, "icons without a Chinese name in icon-labels.ts").toEqual([]);
  });

  it("labels in Chinese, and keeps the library's name for an icon it does not know", () => {
    expect(iconLabel("eye-invisible")).toBe("隐藏");
    expect(iconLabel("no-such-icon")).toBe("no-such-icon");
    for (const label of Object.values(ICON_LABELS)) expect(label).toMatch(/\p{Script=Han}/u);
  });
});

describe("the build's rewrites of antd's English", () => {
  it("apply to the installed modules and leave no English label there", () => {
    for (const patch of DEPENDENCY_PATCHES)
      for (const module of patch.modules) {
        const file = installed(module);
        expect(patchFor(file), file).toBe(patch);
        const patched = applyPatch(patch, fs.readFileSync(file, "utf8"), file, path.resolve(src, ".."));
        for (const [from, to] of patch.replace) {
          // A rewrite that adds to the text keeps it; one that replaces it leaves none behind.
          if (!to.includes(from)) expect(patched).not.toContain(from);
          expect(patched).toContain(to);
        }
        expect(patched).not.toMatch(/aria-label"?: ?['"`](?:Close|Select|Increase|Decrease|segmented)/);
        if (patch.prepend) expect(fs.existsSync(path.join(src, "lib/icon-labels.ts"))).toBe(true);
      }
  });

  it("fails the build when a module no longer holds the text it rewrites", () => {
    const [first] = DEPENDENCY_PATCHES;
    if (!first) throw new Error("no patches");
    expect(() => applyPatch(first, "export default 1;", "changed.js", src)).toThrow(/no longer contains/);
    expect(patchFor("/x/node_modules/antd/es/button/index.js")).toBeUndefined();
  });
});
