import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Migrates one database for the run; each test's fresh database is a copy of it (see the file).
    globalSetup: ["./test/global-setup.ts"],
    // Each test file gets its own database; scrypt and PostgreSQL setup need more than the default 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
