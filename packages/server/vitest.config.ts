import { configDefaults, defineProject } from "vitest/config";

/** Test files that replace a module (`vi.mock`) need a module graph of their own: they are named `*.isolated.test.ts`. */
export const ISOLATED_FILES = ["src/**/*.isolated.test.ts", "test/**/*.isolated.test.ts"];

/** What both server projects share. */
export const serverTest = {
  // Migrates one database for the run; each test's fresh database is a copy of it (see the file).
  globalSetup: ["./test/global-setup.ts"],
  // Each test file gets its own database; scrypt and PostgreSQL setup need more than the default 5 s.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineProject({
  test: {
    ...serverTest,
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...ISOLATED_FILES],
    // Test files share a worker's modules instead of importing the whole application again each (about 3 s per
    // file, over half of the project's time). Every test builds its own app on its own database, and the server's
    // caches are keyed by app or database, so nothing one file leaves behind reaches another.
    isolate: false,
  },
});
