import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countable, meaningful, Segmenter } from "./segmenter.ts";
import { builtInStopWords } from "./stop-words.ts";

/**
 * Segmentation quality on a hand-marked test set (test/fixtures/text/segmentation-zh.txt): 254 open answers
 * of the kinds questionnaires collect, split into words by hand after the PKU standard, with the products of
 * its `# dict:` line as the creator's custom dictionary. Token F1 over words — spans of characters that both
 * segmentations cut the same; punctuation is left out of both sides (it is trivially right and would flatter
 * the figure) — must reach 90 %.
 */
const fixture = readFileSync(
  new URL("../../../../test/fixtures/text/segmentation-zh.txt", import.meta.url),
  "utf8",
);
const lines = fixture.split("\n");
const dictionary = (lines.find((line) => line.startsWith("# dict:")) ?? "")
  .slice("# dict:".length)
  .trim()
  .split(" ");
const answers = lines
  .filter((line) => line.trim() !== "" && !line.startsWith("#"))
  .map((line) => line.split(" "));

/** The character spans of the words (countable tokens) of a segmentation. */
function spans(tokens: readonly string[]): Set<string> {
  const out = new Set<string>();
  let at = 0;
  for (const token of tokens) {
    if (countable(token.trim())) out.add(`${at}:${at + token.length}`);
    at += token.length;
  }
  return out;
}

describe("segmentation of open answers", () => {
  it("reaches 90 % token F1 on the hand-marked answers with the custom dictionary", async () => {
    expect(answers.length).toBeGreaterThanOrEqual(200);
    expect(dictionary.length).toBeGreaterThanOrEqual(10);
    const segmenter = await Segmenter.create(dictionary);
    let correct = 0;
    let predicted = 0;
    let gold = 0;
    const misses: string[] = [];
    for (const words of answers) {
      const text = words.join("");
      const cut = segmenter.cut(text);
      expect(cut.join("")).toBe(text);
      const expected = spans(words);
      const got = spans(cut);
      const hits = [...got].filter((span) => expected.has(span)).length;
      if (hits < expected.size) misses.push(`${words.join("/")}\n  ${cut.join("/")}`);
      correct += hits;
      predicted += got.size;
      gold += expected.size;
    }
    const precision = correct / predicted;
    const recall = correct / gold;
    const f1 = (2 * precision * recall) / (precision + recall);
    console.log(
      `segmentation: P ${(100 * precision).toFixed(1)} R ${(100 * recall).toFixed(1)} F1 ${(100 * f1).toFixed(1)} over ${gold} words`,
    );
    expect(f1, misses.slice(0, 20).join("\n")).toBeGreaterThanOrEqual(0.9);
  });

  it("keeps every custom word whole, and without the dictionary splits most of them", async () => {
    const withWords = await Segmenter.create(dictionary);
    const plain = await Segmenter.create();
    let splitWithout = 0;
    for (const word of dictionary) {
      expect(withWords.cut(`我觉得${word}很好用`)).toContain(word);
      if (!plain.cut(`我觉得${word}很好用`).includes(word)) splitWithout += 1;
    }
    expect(splitWithout).toBeGreaterThanOrEqual(dictionary.length / 2);
  });

  it("has the common function words among the built-in stop words", async () => {
    const stop = await builtInStopWords();
    for (const word of ["的", "了", "我们", "因为", "但是", "啊", "个", "觉得"])
      expect(stop.has(word), word).toBe(true);
    for (const word of ["价格", "服务", "卡顿", "老师"]) expect(stop.has(word), word).toBe(false);
  });

  it("cuts many texts in one batch exactly as one by one, at line breaks, custom words and edges", async () => {
    const segmenter = await Segmenter.create(["极光问卷", "App"]);
    const texts = [
      "极光问卷很好用",
      "第一行\n第二行\n\n第三行",
      "结尾有回车\r",
      "\r\n开头的换行",
      "App",
      "用App填写极光问卷，App卡顿",
      "abc def",
      "",
      "。。。",
      ...answers.slice(0, 50).map((words) => words.join("")),
    ];
    expect(await segmenter.cutMany(texts)).toEqual(texts.map((text) => segmenter.cut(text)));
    expect(await segmenter.cutMany([])).toEqual([]);
  });

  it("counts a lone character only when it is an evaluative adjective or a custom word, and no numerals", () => {
    const custom = new Set(["鲜"]);
    for (const word of ["价格", "贵", "慢", "差", "鲜", "App"])
      expect(meaningful(word, custom), word).toBe(true);
    for (const word of ["入", "职", "两", "十几", "三百"]) expect(meaningful(word, custom), word).toBe(false);
  });
});
