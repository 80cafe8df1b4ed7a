import { describe, expect, it } from "vitest";
import { wordCloudOption } from "./word-cloud-option.ts";

describe("wordCloudOption", () => {
  it("draws each placed word as the label of an invisible box of its size, coloured from the palette", () => {
    const entries = [
      { word: "价格", weight: 40 },
      { word: "服务", weight: 20 },
      { word: "App", weight: 10 },
    ];
    const { option, placed } = wordCloudOption(entries, { width: 400, height: 240, vertical: 1 }, [
      "#111",
      "#222",
    ]);
    expect(placed.map((p) => p.word)).toEqual(["价格", "服务", "App"]);
    const series = (option.series as { type: string; data: Record<string, unknown>[] }[])[0];
    expect(series?.type).toBe("scatter");
    expect(option.xAxis).toMatchObject({ min: 0, max: 400, show: false });
    expect(option.yAxis).toMatchObject({ min: 0, max: 240, inverse: true });
    series?.data.forEach((item, i) => {
      const word = placed[i];
      if (!word) throw new Error("missing word");
      expect(item.name).toBe(word.word);
      expect(item.value).toEqual([word.x, word.y, word.weight]);
      // Vertical words: the box turns with the label, which ECharts turns clockwise by a negative angle.
      expect(item.symbolSize).toEqual(
        word.rotate === 0 ? [word.width, word.height] : [word.height, word.width],
      );
      expect(item.label).toMatchObject({
        rotate: word.rotate === 0 ? 0 : -90,
        color: i % 2 === 0 ? "#111" : "#222",
      });
    });
    // Plain data: the same option renders on the server.
    expect(JSON.parse(JSON.stringify(option))).toEqual(option);
  });
});
