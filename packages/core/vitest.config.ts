import { defineProject } from "vitest/config";

// The property tests run hundreds of generated cases: on a loaded two-core machine (the unit files run beside
// each other, and CI runs them beside nothing else but still on two cores) one took over Vitest's default 5 s.
export default defineProject({ test: { name: "core", include: ["src/**/*.test.ts"], testTimeout: 30_000 } });
