import type { ChartOption } from "../../../components/charts/chart-options.ts";
import type { EchartsApi } from "../../../components/charts/load-echarts.ts";

/** The last option each chart host was drawn with: jsdom has no canvas, so tests read what would be drawn. */
export const drawn = new Map<HTMLElement, ChartOption>();

const fake = {
  init(element: HTMLElement) {
    return {
      setOption: (option: ChartOption) => drawn.set(element, option),
      resize: () => {},
      dispose: () => drawn.delete(element),
    };
  },
} as unknown as EchartsApi;

export const loadEcharts = () => Promise.resolve(fake);

/** The option of the chart named `label` (its aria-label). */
export function optionOf(chart: HTMLElement): ChartOption | undefined {
  const host = chart.firstElementChild;
  return host instanceof HTMLElement ? drawn.get(host) : undefined;
}
