import { describe, expect, it } from "vitest";
import { type CloudWord, layoutWordCloud, type PlacedWord, textWidth } from "./word-cloud.ts";

/** The area a placed word covers: a vertical word swaps its width and height. */
function footprint(p: PlacedWord) {
  const [w, h] = p.rotate === 90 ? [p.height, p.width] : [p.width, p.height];
  return { x0: p.x - w / 2, y0: p.y - h / 2, x1: p.x + w / 2, y1: p.y + h / 2 };
}

/** Every pair of words closer than `padding` (overlapping ones have a negative gap). */
function crowdedPairs(placed: readonly PlacedWord[], padding: number): string[] {
  const found: string[] = [];
  placed.forEach((p, i) => {
    const a = footprint(p);
    for (const q of placed.slice(i + 1)) {
      const b = footprint(q);
      const gap = Math.max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1);
      if (gap < padding - 1e-9) found.push(`${p.word}/${q.word}: ${gap}`);
    }
  });
  return found;
}

function outside(placed: readonly PlacedWord[], width: number, height: number): string[] {
  return placed
    .filter((p) => {
      const b = footprint(p);
      return b.x0 < -1e-9 || b.y0 < -1e-9 || b.x1 > width + 1e-9 || b.y1 > height + 1e-9;
    })
    .map((p) => p.word);
}

const FEEDBACK =
  "满意服务质量价格便宜快递速度包装产品很好不错一般差评客服态度物流及时推荐购买下次还会再来性价比高";
const LATIN = ["app", "iPhone", "WiFi", "5G", "OK", "vip", "bug", "UI", "2024", "Hello world"];

/** n distinct words, Chinese with some Latin and digits, weights falling off as survey word counts do. */
function feedbackWords(n: number): CloudWord[] {
  return Array.from({ length: n }, (_, i) => {
    const a = FEEDBACK[(i * 7) % FEEDBACK.length] ?? "";
    const b = FEEDBACK[(i * 13 + 3) % FEEDBACK.length] ?? "";
    const word = i % 5 === 4 ? `${LATIN[i % LATIN.length]}${i}` : `${a}${b}${i % 3 === 0 ? "了" : ""}${i}`;
    return { word, weight: Math.round(1000 / (i + 1)) };
  });
}

describe("textWidth", () => {
  it("counts ideographs, kana, hangul and full-width forms as 1 em", () => {
    expect(textWidth("满意", 10)).toBe(20);
    expect(textWidth("カナ한국", 10)).toBe(40);
    expect(textWidth("，！（ＡＢ）。", 10)).toBe(70);
  });

  it("counts Latin letters and digits as 0.6 em and spaces as 0.3 em", () => {
    expect(textWidth("ok", 10)).toBeCloseTo(12, 10);
    expect(textWidth("a b", 10)).toBeCloseTo(15, 10);
    expect(textWidth("2024年", 20)).toBeCloseTo(68, 10);
    expect(textWidth("ｶ", 10)).toBeCloseTo(6, 10); // half-width katakana
  });

  it("gives combining marks no width and picture emoji 1 em", () => {
    expect(textWidth("e\u0301", 10)).toBeCloseTo(6, 10);
    expect(textWidth("好👍", 10)).toBe(20);
    expect(textWidth("", 10)).toBe(0);
  });
});

describe("layoutWordCloud", () => {
  const words: CloudWord[] = [
    { word: "价格", weight: 30 },
    { word: "满意", weight: 100 },
    { word: "物流", weight: 45 },
    { word: "客服态度", weight: 12 },
    { word: "包装", weight: 5 },
    { word: "OK", weight: 1 },
  ];

  it("places the heaviest word first, at the centre, with the largest font", () => {
    const placed = layoutWordCloud(words, { width: 600, height: 400 });
    expect(placed.map((p) => p.word)).toEqual(["满意", "物流", "价格", "客服态度", "包装", "OK"]);
    const [first, ...rest] = placed;
    // Default largest font: min(64, 400 / 5).
    expect(first).toEqual({
      word: "满意",
      weight: 100,
      x: 300,
      y: 200,
      fontSize: 64,
      width: 128,
      height: 64 * 1.15,
      rotate: 0,
    });
    for (const p of rest) expect(p.fontSize).toBeLessThan(64);
    expect(placed.at(-1)?.fontSize).toBe(12);
  });

  it("sizes fonts by the square root of weight between the smallest and largest", () => {
    const placed = layoutWordCloud(
      [
        { word: "甲", weight: 100 },
        { word: "乙", weight: 25 },
        { word: "丙", weight: 1 },
      ],
      { width: 800, height: 600, minFontSize: 10, maxFontSize: 50 },
    );
    // √100 = 10, √25 = 5, √1 = 1: 5 lies 4/9 of the way from 1 to 10.
    expect(placed.map((p) => p.fontSize)).toEqual([50, 10 + (40 * 4) / 9, 10]);
  });

  it("sets every word at the largest size when all weights are equal", () => {
    const placed = layoutWordCloud(
      ["甲乙", "丙丁", "戊己"].map((word) => ({ word, weight: 7 })),
      { width: 600, height: 200 },
    );
    expect(placed.map((p) => p.fontSize)).toEqual([40, 40, 40]);
  });

  it("keeps the smallest font when the box is too short for it", () => {
    // height / 5 = 8 px, below the 12 px minimum: both words are set at 12 px.
    const placed = layoutWordCloud(
      [
        { word: "满意", weight: 10 },
        { word: "好", weight: 1 },
      ],
      { width: 300, height: 40 },
    );
    expect(placed.map((p) => [p.word, p.fontSize])).toEqual([
      ["满意", 12],
      ["好", 12],
    ]);
  });

  it("shrinks a word longer than the box to fit it, but not below the smallest font", () => {
    const [long] = layoutWordCloud([{ word: "一二三四五六七八九十", weight: 1 }], {
      width: 200,
      height: 200,
    });
    expect(long?.fontSize).toBeCloseTo(20, 6);
    expect(long?.width).toBeLessThanOrEqual(200);
    expect(
      layoutWordCloud([{ word: "一二三四五六七八九十一二三四五六七", weight: 1 }], {
        width: 200,
        height: 200,
      }),
    ).toEqual([]);
  });

  it("keeps every box inside the bounds and at least the padding apart", () => {
    const many = feedbackWords(80);
    for (const padding of [0, 2, 6]) {
      const placed = layoutWordCloud(many, { width: 500, height: 300, vertical: 0.4, padding });
      expect(placed.length).toBeGreaterThan(30);
      expect(crowdedPairs(placed, padding)).toEqual([]);
      expect(outside(placed, 500, 300)).toEqual([]);
    }
  });

  it("sets the given share of words vertically, chosen by the seed", () => {
    const many = feedbackWords(60).map((w) => ({ ...w, weight: 1 }));
    const options = { width: 2000, height: 1000, maxFontSize: 12 };
    const turns = (vertical: number, seed?: number) =>
      layoutWordCloud(many, { ...options, vertical, ...(seed === undefined ? {} : { seed }) }).map(
        (p) => p.rotate,
      );
    expect(turns(0)).toEqual(Array(60).fill(0));
    expect(turns(1)).toEqual(Array(60).fill(90));
    const half = turns(0.5);
    expect(half).toHaveLength(60);
    const vertical = half.filter((r) => r === 90).length;
    expect(vertical).toBeGreaterThan(15);
    expect(vertical).toBeLessThan(45);
    expect(turns(0.5)).toEqual(half);
    expect(turns(0.5, 0)).toEqual(half);
    expect(turns(0.5, 7)).not.toEqual(half);
  });

  it("gives the same layout for the same input, whatever its order", () => {
    const many = feedbackWords(120);
    const options = { width: 640, height: 360, vertical: 0.3, seed: 42 };
    const first = layoutWordCloud(many, options);
    expect(layoutWordCloud(many, options)).toEqual(first);
    expect(layoutWordCloud([...many].reverse(), options)).toEqual(first);
  });

  it("orders equal weights by word", () => {
    const tied = ["甲", "乙", "丙", "b", "a"].map((word) => ({ word, weight: 3 }));
    const expected = ["a", "b", "丙", "乙", "甲"]; // code-unit order: U+4E19, U+4E59, U+7532
    expect(layoutWordCloud(tied, { width: 400, height: 300 }).map((p) => p.word)).toEqual(expected);
    expect(layoutWordCloud([...tied].reverse(), { width: 400, height: 300 }).map((p) => p.word)).toEqual(
      expected,
    );
  });

  it("sums the weights of a repeated word", () => {
    const placed = layoutWordCloud(
      [
        { word: "好", weight: 1 },
        { word: "差", weight: 1.5 },
        { word: "好", weight: 1 },
      ],
      { width: 400, height: 300 },
    );
    expect(placed.map((p) => [p.word, p.weight])).toEqual([
      ["好", 2],
      ["差", 1.5],
    ]);
  });

  it("skips a word that fits nowhere and still tries the smaller ones after it", () => {
    const placed = layoutWordCloud(
      [
        { word: "满意", weight: 10 },
        { word: "非常满意服务", weight: 5 },
        { word: "好", weight: 1 },
      ],
      { width: 100, height: 30, maxFontSize: 20 },
    );
    // 满意 (40 × 23 px) takes the middle; 非常满意服务 (99 px at 16.6 px) fits the empty box but not beside it.
    expect(placed.map((p) => p.word)).toEqual(["满意", "好"]);
    expect(placed[0]).toMatchObject({ x: 50, y: 15, fontSize: 20 });
    expect(crowdedPairs(placed, 2)).toEqual([]);
    expect(outside(placed, 100, 30)).toEqual([]);
  });

  it("places nothing in a box smaller than the smallest word", () => {
    expect(layoutWordCloud(words, { width: 10, height: 10 })).toEqual([]);
  });

  it("places or skips 200 mixed Chinese and Latin words without overlap", () => {
    const many = feedbackWords(200);
    const placed = layoutWordCloud(many, { width: 600, height: 400, vertical: 0.3 });
    const names = placed.map((p) => p.word);
    expect(new Set(names).size).toBe(names.length);
    // Heaviest first, ties by word.
    placed.slice(1).forEach((p, i) => {
      const before = placed[i];
      expect(
        before && (before.weight > p.weight || (before.weight === p.weight && before.word < p.word)),
      ).toBe(true);
    });
    // The 20 heaviest (weights 1000 to 50, no ties) all fit, and more than half of the 200.
    expect(names.slice(0, 20)).toEqual(many.slice(0, 20).map((w) => w.word));
    expect(placed.length).toBeGreaterThan(100);
    expect(crowdedPairs(placed, 2)).toEqual([]);
    expect(outside(placed, 600, 400)).toEqual([]);
  });

  it("returns nothing for no words or a box without area", () => {
    expect(layoutWordCloud([], { width: 600, height: 400 })).toEqual([]);
    for (const [width, height] of [
      [0, 400],
      [600, 0],
      [-600, 400],
      [Number.NaN, 400],
      [600, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(layoutWordCloud(words, { width, height })).toEqual([]);
    }
  });

  it("drops weights that are not positive and finite, and blank words", () => {
    const placed = layoutWordCloud(
      [
        { word: "无效", weight: Number.NaN },
        { word: "零", weight: 0 },
        { word: "负", weight: -3 },
        { word: "无穷", weight: Number.POSITIVE_INFINITY },
        { word: "  ", weight: 5 },
        { word: "有效", weight: 2 },
      ],
      { width: 400, height: 300 },
    );
    expect(placed.map((p) => p.word)).toEqual(["有效"]);
    expect(layoutWordCloud([{ word: "无效", weight: Number.NaN }], { width: 400, height: 300 })).toEqual([]);
  });

  it("falls back to the defaults for options that are not numbers", () => {
    const placed = layoutWordCloud(words, {
      width: 600,
      height: 400,
      minFontSize: Number.NaN,
      maxFontSize: -1,
      padding: Number.NaN,
      vertical: Number.NaN,
    });
    expect(placed).toEqual(layoutWordCloud(words, { width: 600, height: 400 }));
  });
});
