import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Each test file gets its own database; scrypt and PostgreSQL setup need more than the default 5 s.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
