import os from "node:os";
import { defineConfig } from "vitest/config";

// One runner for every package's unit and API tests; e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    // The server's files run in shared workers (vitest.config.ts there), but for the few that replace a module.
    projects: [
      "packages/core",
      "packages/server",
      "packages/server/vitest.isolated.config.ts",
      "packages/web",
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two. The API tests spend much of
    // their time waiting on the database, scrypt and child processes, so one file more than the cores keeps them busy
    // (the run took 11 min with one worker). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? os.availableParallelism() + 1),
  },
});
