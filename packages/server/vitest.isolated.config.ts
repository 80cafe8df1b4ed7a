import { defineProject } from "vitest/config";
import { ISOLATED_FILES, serverTest } from "./vitest.config.ts";

/** The server's test files that replace a module (`vi.mock`): each in a fresh module graph, as Vitest's default. */
export default defineProject({
  test: { ...serverTest, name: "server-isolated", include: ISOLATED_FILES, isolate: true },
});
