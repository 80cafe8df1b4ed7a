import { createRequire } from "node:module";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { preactAliases } from "./preact-for-answer.ts";
import { ANSWER_FILES, webTest } from "./vitest.config.ts";

/**
 * Testing Library's ES module build: Vitest compiles it with the tests (a package's CommonJS main would be
 * loaded by Node as it is, with React's own react-dom), so the aliases below reach its imports too.
 */
const testingLibrary = createRequire(import.meta.url).resolve(
  "@testing-library/react/dist/@testing-library/react.esm.js",
);

/** The respondent page's tests, on Preact as the page ships (preact-for-answer.ts). */
export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@testing-library\/react$/, replacement: testingLibrary }, ...preactAliases()],
  },
  test: {
    ...webTest,
    name: "web-answer",
    setupFiles: [...webTest.setupFiles, "./src/answer/test-setup-preact.ts"],
    include: ANSWER_FILES,
    server: { deps: { inline: [/@testing-library\/react/] } },
    isolate: false,
  },
});
