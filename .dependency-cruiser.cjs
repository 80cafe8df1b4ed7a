/**
 * The import rules of the repository, checked by `npm run lint` (dependency-cruiser):
 * - no file imports itself back through others (no circles);
 * - the layers point one way: web → core, server → core, e2e/bench → anything, core → nothing of ours.
 * The map of which folder holds what is in ARCHITECTURE.md.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import circle: move what both sides share into a small module both import.",
      from: {},
      to: { circular: true },
    },
    {
      name: "core-imports-nothing-of-ours",
      severity: "error",
      comment:
        "packages/core is the contract both sides depend on; it depends on no other package of the repo.",
      from: { path: "^packages/core/" },
      to: { path: "^(packages/(server|web)|e2e|bench)/" },
    },
    {
      name: "core-is-pure",
      severity: "error",
      comment: "packages/core runs in the browser too: no Node built-ins outside its tests.",
      from: { path: "^packages/core/src/", pathNot: "\\.test\\.ts$" },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "server-not-to-web",
      severity: "error",
      comment:
        "The server meets the web package only through core's types and the built SSR bundle it loads at run time.",
      from: { path: "^packages/server/" },
      to: { path: "^packages/web/" },
    },
    {
      name: "web-not-to-server",
      severity: "error",
      comment: "The browser talks to the server over HTTP; shared shapes live in core.",
      from: { path: "^packages/web/" },
      to: { path: "^packages/server/" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "An import that resolves to nothing.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
