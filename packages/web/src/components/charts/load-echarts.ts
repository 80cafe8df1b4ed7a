import type { EChartsType } from "echarts/core";

export interface EchartsApi {
  init(element: HTMLElement, theme?: string | null, options?: { renderer?: "canvas" | "svg" }): EChartsType;
}

let loading: Promise<EchartsApi> | null = null;

/**
 * echarts in a chunk of its own, fetched the first time a chart is shown: the result page's first
 * chunk stays small, and pages without charts never load it.
 */
export function loadEcharts(): Promise<EchartsApi> {
  loading ??= import("./echarts-setup.ts").then((module) => module.echarts as EchartsApi);
  // A failed load (offline) may be retried by the next chart.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
