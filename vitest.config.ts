import { defineConfig } from "vitest/config";

// One runner for every package's unit and API tests; e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    projects: ["packages/core", "packages/server", "packages/web"],
  },
});
