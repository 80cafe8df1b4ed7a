import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
// The respondent page's WCAG measure: both areas are held to the same arithmetic.
import { contrastRatio as contrast } from "../answer/lib/contrast.ts";
import { colors } from "./tokens.ts";

describe("design tokens", () => {
  it("measures as WCAG does (the old brand blue is just under 4.5:1)", () => {
    expect(contrast("#2f6bff", "#ffffff")).toBeLessThan(4.5);
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21);
  });

  // Backgrounds text is drawn on: white, the console page, antd's light blue selection and the tag tints.
  const cases: [string, string, string[]][] = [
    ["primary", colors.primary, ["#ffffff", colors.pageBackground, "#f0f5ff", "#eef3ff", "#eaf1ff"]],
    ["white on primary", "#ffffff", [colors.primary]],
    ["textSecondary", colors.textSecondary, ["#ffffff", colors.pageBackground]],
    [
      "textTertiary",
      colors.textTertiary,
      ["#ffffff", colors.pageBackground, "#fafafa", "#f1f4fa", "#eef1f6"],
    ],
    ["success", colors.success, ["#ffffff", "#f6ffed"]],
    ["warning", colors.warning, ["#ffffff", "#fffbe6", "#fff7e6"]],
    ["error", colors.error, ["#ffffff", "#fff2f0"]],
  ];
  it.each(cases)("%s keeps 4.5:1 on every background it is drawn on", (_name, text, backgrounds) => {
    for (const background of backgrounds) expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });

  it("global.css declares the same colours as CSS variables", () => {
    // Vitest runs from the repository root (or from packages/web when started there).
    const web = path.basename(process.cwd()) === "web" ? "." : "packages/web";
    const css = readFileSync(path.resolve(web, "src/styles/global.css"), "utf8");
    const variable = (name: string) => css.match(new RegExp(`--wj-${name}:\\s*(#[0-9a-f]{6})`))?.[1];
    expect(variable("primary")).toBe(colors.primary);
    expect(variable("text-tertiary")).toBe(colors.textTertiary);
    expect(variable("success")).toBe(colors.success);
    expect(variable("warning")).toBe(colors.warning);
    expect(variable("error")).toBe(colors.error);
  });
});
