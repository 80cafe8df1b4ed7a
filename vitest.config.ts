import os from "node:os";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const cores = os.availableParallelism();

/**
 * Test files known to run longest (PostgreSQL under load, 2026-12-03: 30–80 s each, the bad-input sweeps in
 * shares of a few lines). Without timings from an earlier run — CI's clean clone has none — Vitest starts the
 * largest files first, so these small files started last and the run waited on them alone; they go first.
 */
const LONG_FILES = [
  /test\/bad-input/,
  /src\/policies\/matrix\.test/,
  /routes\/user\/self-service\.test/,
  /routes\/anQuestion\/concurrency\.test/,
  /src\/multi-instance\.test/,
  /\.property\.test/,
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_FILES.some((pattern) => pattern.test(file.moduleId));
    return [...sorted.filter(long), ...sorted.filter((file) => !long(file))];
  }
}

// One runner for every package's unit and API tests; e2e journeys run under Playwright instead.
export default defineConfig({
  test: {
    // The server's and the web's files run in shared workers (their vitest.config.ts), but for the few that
    // replace a module.
    projects: [
      "packages/core",
      "packages/server",
      "packages/server/vitest.isolated.config.ts",
      "packages/web",
      "packages/web/vitest.isolated.config.ts",
      "packages/web/vitest.answer.config.ts",
      "packages/web/vitest.results.config.ts",
    ],
    sequence: { sequencer: LongFilesFirst },
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content,
    // the config and the lockfile): CI runs the server's files twice, on SQLite then on PostgreSQL, and the second
    // run reused the first's transforms (PostgreSQL run 173 s → 149 s here; a rerun of core and web 91 → 82 s).
    experimental: { fsModuleCache: true },
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two. The API tests spend much of
    // their time waiting on the database, scrypt and child processes, so one file more than the cores keeps them busy
    // (the run took 11 min with one worker). On PostgreSQL they wait on the database server far more (the server's
    // files used a little over one core with three workers): five workers took the project from 3:15 to 2:52 here.
    // VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(
      process.env.VITEST_MAX_WORKERS ?? (process.env.DATABASE_URL ? 2 * cores + 1 : cores + 1),
    ),
  },
});
