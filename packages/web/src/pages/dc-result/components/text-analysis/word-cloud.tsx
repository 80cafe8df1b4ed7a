import { wordCloudOption } from "@wjgj/core/text/word-cloud-option";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import { type ChartOption, chartPalette } from "../../../../components/charts/chart-options.ts";

/**
 * The 词云: core's layout (the same a report draws on the server) for the box the page gives it, laid out again
 * when its width changes. Clicking a word selects it.
 */
export function WordCloud({
  words,
  label,
  onSelect,
}: {
  words: readonly { word: string; weight: number }[];
  label: string;
  onSelect: (word: string) => void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    // 0 before layout (and in tests without one): a typical drawer width until the observer reports.
    const measure = () => setWidth(Math.floor(element.clientWidth) || 640);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const height = width > 0 && width < 520 ? 300 : 380;
  const option = useMemo(() => {
    if (width === 0) return null;
    const { option, placed } = wordCloudOption(
      words,
      { width, height, minFontSize: 12, maxFontSize: Math.min(56, height / 5), vertical: 0.15, seed: 7 },
      chartPalette,
    );
    // Core's option is plain data of the series registered for it (ScatterChart): typed here as the page's.
    const withTooltip = {
      ...option,
      tooltip: {
        trigger: "item",
        formatter: (p: { name: string; value: number[] }) => `${p.name}：${p.value[2]}`,
      },
    } as ChartOption;
    return { option: withTooltip, placed: placed.length };
  }, [words, width, height]);
  return (
    <div ref={host} className="wj-word-cloud" data-testid="word-cloud" data-words={option?.placed ?? 0}>
      {option && (
        <Chart option={option.option} height={height} label={label} kind="wordCloud" onItemClick={onSelect} />
      )}
    </div>
  );
}
