import react from "@vitejs/plugin-react";
import { configDefaults, defineProject } from "vitest/config";

/**
 * Test files that need a module graph and a window of their own: those that watch what a module does when it first
 * loads (the live mark, lazy pages, the reduced-motion listener), and the check that antd generates no styles, which
 * other files' components (drawn without the app's theme) would have left in a shared document. They run as
 * Vitest's default, each in a fresh worker context.
 */
export const ISOLATED_FILES = [
  "src/lib/lazy-page.test.tsx",
  "src/lib/reduced-motion.test.tsx",
  "src/styles/antd-static.test.tsx",
];

/** The results page's tests: their charts draw through a fake ECharts (vitest.results.config.ts). */
export const RESULT_FILES = ["src/pages/dc-result/**/*.test.{ts,tsx}"];

/** The respondent page's tests: they run on Preact, as the page ships (vitest.answer.config.ts). */
export const ANSWER_FILES = ["src/answer/**/*.test.{ts,tsx}"];

/** What the web projects share. */
export const webTest = {
  environment: "jsdom",
  setupFiles: ["./src/test-setup.ts"],
  // A test waits for states, not times (test-setup.ts): on a loaded two-core machine the first import of a lazy page
  // (Vite transforms it then) took the guard's test 9 s in a CI run, past Vitest's default 5 s.
  testTimeout: 20_000,
};

export default defineProject({
  plugins: [react()],
  test: {
    ...webTest,
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    exclude: [...configDefaults.exclude, ...ISOLATED_FILES, ...RESULT_FILES, ...ANSWER_FILES],
    // Test files share a worker's modules and window instead of importing antd and React again each (the
    // project took 7 min on a loaded two-core machine, 2:45 shared); test-setup.ts undoes what a test changes
    // in the window, the storages, timers and spies.
    isolate: false,
  },
});
