import type { Alias, Plugin } from "vite";

/**
 * The respondent page (src/answer) runs on Preact through its React compatibility layer instead of React
 * (issue #37): React and react-dom alone were 68 kB of the page's 83 kB before it was interactive; on Preact the
 * whole page is 23 kB. The page uses plain hooks, lazy/Suspense, refs as props and hydration, which preact/compat
 * provides; the logged-in app and the site (antd) keep React. The same source runs under both (the console shows
 * the answer page's read-only inputs), so it keeps to that shared surface. Used by the page's two builds
 * (vite.config.ts) and its unit tests (vitest.answer.config.ts); `vite` in development serves it with React.
 */
export const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react-dom/server": "preact/compat/server",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/** The Vite environments of the respondent page: its browser bundle and its server renderer. */
export const ANSWER_ENVIRONMENTS: ReadonlySet<string> = new Set(["answer", "answerSsr"]);

/** Resolves React's modules to Preact's in the respondent page's environments only. */
export function preactForAnswer(): Plugin {
  return {
    name: "wjgj:preact-for-answer",
    enforce: "pre",
    applyToEnvironment: (environment) => ANSWER_ENVIRONMENTS.has(environment.name),
    resolveId(source, importer, options) {
      const target = PREACT_FOR_REACT[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

/** The same mapping as exact aliases, plus React's test utilities (for Testing Library's `act`). */
export function preactAliases(): Alias[] {
  const table = { ...PREACT_FOR_REACT, "react-dom/test-utils": "preact/test-utils" };
  return Object.entries(table).map(([find, replacement]) => ({
    find: new RegExp(`^${find.replace(/[/-]/g, "\\$&")}$`),
    replacement,
  }));
}
