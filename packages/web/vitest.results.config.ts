import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { RESULT_FILES, webTest } from "./vitest.config.ts";

/**
 * The results page's tests, sharing one worker's modules and window like the other web tests: their charts draw
 * through a fake ECharts (jsdom has no canvas), put in for the loader here rather than by each file's `vi.mock`,
 * which needed a fresh module graph per file (antd and the page imported again for each: the files took 73 s
 * of a CI run's web step alone).
 */
const fakeEcharts = fileURLToPath(new URL("./src/pages/dc-result/testing/fake-echarts.ts", import.meta.url));

export default defineProject({
  plugins: [react()],
  // Whatever path imports the loader (today only components/charts/chart.tsx, as "./load-echarts.ts").
  resolve: { alias: [{ find: /^(?:\.{1,2}\/)+(?:[\w-]+\/)*load-echarts\.ts$/, replacement: fakeEcharts }] },
  test: { ...webTest, name: "web-results", include: RESULT_FILES, isolate: false },
});
