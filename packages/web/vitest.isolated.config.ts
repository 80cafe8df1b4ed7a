import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { ISOLATED_FILES, webTest } from "./vitest.config.ts";

/** The web test files that need a fresh module graph and window each (see vitest.config.ts). */
export default defineProject({
  plugins: [react()],
  test: { ...webTest, name: "web-isolated", include: ISOLATED_FILES, isolate: true },
});
