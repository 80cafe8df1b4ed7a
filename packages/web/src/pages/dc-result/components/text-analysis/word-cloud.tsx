import { wordCloudOption } from "@wjgj/core/text/word-cloud-option";
import { Button } from "antd";
import { useLayoutEffect, useMemo, useRef, useState } from "react";
import { Chart } from "../../../../components/charts/chart.tsx";
import { type ChartOption, chartPalette } from "../../../../components/charts/chart-options.ts";

/** Words named in the cloud's text alternative and offered as buttons below it: the canvas has no keyboard path. */
const TOP_WORDS = 10;

/**
 * The 词云: core's layout (the same a report draws on the server) for the box the page gives it, laid out again
 * when its width changes. Clicking a word selects it. The canvas is an image to screen readers, named by its top
 * words; the same words follow it as buttons, the keyboard's way to a word (all of them are in the 词频表).
 */
export function WordCloud({
  words,
  label,
  ranking,
  picked,
  describedBy,
  onSelect,
}: {
  words: readonly { word: string; weight: number }[];
  /** What the cloud shows, e.g. “您的建议的词云”. */
  label: string;
  /** How the words are ranked, e.g. “出现最多”: names the buttons' row. */
  ranking: string;
  /** The word whose answers are listed, if any. */
  picked: string | null;
  /** The id of the hint telling what choosing a word does. */
  describedBy?: string | undefined;
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
  const top = words.slice(0, TOP_WORDS).map((w) => w.word);
  const summary = `${label}，${ranking}的词：${top.join("、")}${words.length > top.length ? "等" : ""}`;
  return (
    <>
      <div ref={host} className="wj-word-cloud" data-testid="word-cloud" data-words={option?.placed ?? 0}>
        {option && (
          <Chart
            option={option.option}
            height={height}
            label={summary}
            kind="wordCloud"
            onItemClick={onSelect}
          />
        )}
      </div>
      <div className="wj-word-cloud__top" data-testid="word-cloud-top">
        <span className="wj-muted">{ranking}的词：</span>
        {top.map((w) => (
          <Button
            key={w}
            type="link"
            size="small"
            className="wj-word-link"
            data-word={w}
            aria-current={w === picked ? "true" : undefined}
            aria-describedby={describedBy}
            onClick={() => onSelect(w)}
          >
            {w}
          </Button>
        ))}
      </div>
    </>
  );
}
