import { configDefaults, defineProject } from "vitest/config";

/** Test files that replace a module (`vi.mock`) need a module graph of their own: they are named `*.isolated.test.ts`. */
export const ISOLATED_FILES = ["src/**/*.isolated.test.ts", "test/**/*.isolated.test.ts"];

/**
 * Test files that never open a database: the imports of Word (read back by LibreOffice), Excel, LimeSurvey and
 * SurveyJS files, the outbound client, the split of red packets, the statistics checked against R. CI's second
 * pass, on PostgreSQL, leaves them out (WJGJ_SKIP_DATABASE_FREE=1, .ci/run): they would only repeat the first,
 * about 60 s of its workers' time. The same pass also leaves out the bad-input requests refused before any handler
 * runs (test/bad-input-attacks.ts SKIP_REFUSED_BEFORE_HANDLER).
 * `npm test` runs them on whichever database it is given. database-free.test.ts checks that none of them reaches the
 * database layer or the test app.
 */
export const DATABASE_FREE_FILES = [
  "src/imports/word-libreoffice.test.ts",
  "src/imports/refusals.test.ts",
  "src/imports/imports.test.ts",
  "src/commands/rewards/split.test.ts",
  "src/outbound/outbound-client.test.ts",
  "test/stats-against-r.test.ts",
];

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
    exclude: [
      ...configDefaults.exclude,
      ...ISOLATED_FILES,
      ...(process.env.WJGJ_SKIP_DATABASE_FREE === "1" ? DATABASE_FREE_FILES : []),
    ],
    // Test files share a worker's modules instead of importing the whole application again each (about 3 s per
    // file, over half of the project's time). Every test builds its own app on its own database, and the server's
    // caches are keyed by app or database, so nothing one file leaves behind reaches another.
    isolate: false,
  },
});
