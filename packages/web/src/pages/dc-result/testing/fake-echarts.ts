import type { ChartOption } from "../../../components/charts/chart-options.ts";
import type { EchartsApi } from "../../../components/charts/load-echarts.ts";

/** The last option each chart host was drawn with: jsdom has no canvas, so tests read what would be drawn. */
export const drawn = new Map<HTMLElement, ChartOption>();
/** Each chart host's click handler, to click a data item as a user would. */
const clicks = new Map<HTMLElement, (params: { name: string }) => void>();

const fake = {
  init(element: HTMLElement) {
    return {
      setOption: (option: ChartOption) => drawn.set(element, option),
      on: (event: string, handler: (params: { name: string }) => void) => {
        if (event === "click") clicks.set(element, handler);
      },
      resize: () => {},
      dispose: () => {
        drawn.delete(element);
        clicks.delete(element);
      },
    };
  },
} as unknown as EchartsApi;

/** Clicks the data item `name` of `chart` (a word of the cloud, a bar). */
export function clickItem(chart: HTMLElement, name: string): void {
  const host = chart.firstElementChild;
  if (host instanceof HTMLElement) clicks.get(host)?.({ name });
}

export const loadEcharts = () => Promise.resolve(fake);

/** The option of the chart named `label` (its aria-label). */
export function optionOf(chart: HTMLElement): ChartOption | undefined {
  const host = chart.firstElementChild;
  return host instanceof HTMLElement ? drawn.get(host) : undefined;
}
