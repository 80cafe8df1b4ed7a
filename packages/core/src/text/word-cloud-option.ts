import { type CloudOptions, layoutWordCloud, type PlacedWord } from "./word-cloud.ts";

/** What a word of the cloud counts: its occurrences (or keyword weight), for the size and the tooltip. */
export interface CloudEntry {
  word: string;
  weight: number;
}

/**
 * The ECharts option of a 词云: the words laid out by `layoutWordCloud` and drawn as labels of a scatter series on
 * hidden axes spanning the box in pixels — each word's symbol an invisible rectangle of its box, so hovering and
 * clicking anywhere on the word reach it (the page lists the answers containing the clicked word). Plain data, no
 * functions: the results page draws it in the browser and a report renders the same option to SVG on the server.
 */
export function wordCloudOption(
  entries: readonly CloudEntry[],
  box: CloudOptions,
  palette: readonly string[],
): { option: Record<string, unknown>; placed: PlacedWord[] } {
  const placed = layoutWordCloud(entries, box);
  const data = placed.map((word, i) => ({
    name: word.word,
    value: [word.x, word.y, word.weight],
    symbolSize: word.rotate === 0 ? [word.width, word.height] : [word.height, word.width],
    label: {
      fontSize: Math.round(word.fontSize * 10) / 10,
      // ECharts turns labels counter-clockwise; a vertical word reads top to bottom.
      rotate: word.rotate === 0 ? 0 : -90,
      color: palette[i % palette.length],
    },
  }));
  const option = {
    animation: false,
    grid: { left: 0, right: 0, top: 0, bottom: 0 },
    xAxis: { type: "value", min: 0, max: box.width, show: false },
    yAxis: { type: "value", min: 0, max: box.height, show: false, inverse: true },
    series: [
      {
        type: "scatter",
        symbol: "rect",
        cursor: "pointer",
        itemStyle: { color: "rgba(0,0,0,0)" },
        label: { show: true, position: "inside", formatter: "{b}", fontWeight: "bold" },
        emphasis: { scale: false, label: { textBorderColor: "#fff", textBorderWidth: 2 } },
        data,
      },
    ],
  };
  return { option, placed };
}
