import { describe, expect, it } from "vitest";
import { scopeAnswerCss } from "./scoped-styles.tsx";

describe("scopeAnswerCss", () => {
  it("moves document-wide rules onto the scope, in source and in minified form, and leaves classes alone", () => {
    const source = ":root {\n  --a: 1;\n}\nbody {\n  margin: 0;\n}\n.wa-body { color: red; }";
    expect(scopeAnswerCss(source, "s")).toBe(
      ".s{& {\n  --a: 1;\n}\n& {\n  margin: 0;\n}\n.wa-body { color: red; }}",
    );
    expect(scopeAnswerCss("html,body{margin:0}@media (min-width:760px){body{padding:0}}", "s")).toBe(
      ".s{&,&{margin:0}@media (min-width:760px){&{padding:0}}}",
    );
  });
});
