// Word-cloud layout in the manner of wordcloud2.js and Jason Davies's d3-cloud (largest word at the centre, each
// later word walking out along a spiral to the first free spot), but colliding rectangles instead of pixel masks:
// a Chinese word's glyphs fill near-square em boxes, so its box is close to its ink, and rectangles need no canvas
// (core has no DOM) and are fast enough to run on every filter change.

export interface CloudWord {
  word: string;
  weight: number;
}

export interface PlacedWord {
  word: string;
  weight: number;
  /** centre, px from the top-left of the box */
  x: number;
  y: number;
  fontSize: number;
  /** the word's box before rotation, px: a vertical word covers height × width */
  width: number;
  height: number;
  /** 0 or 90 (vertical, read top to bottom) */
  rotate: 0 | 90;
}

export interface CloudOptions {
  width: number;
  height: number;
  /** default 12 */
  minFontSize?: number;
  /** default: min(64, height/5) */
  maxFontSize?: number;
  /** share of words set vertically, 0..1, default 0 */
  vertical?: number;
  /** gap between words, px, default 2 */
  padding?: number;
  seed?: number;
}

/** Line box over font size: CJK fonts' ascent + descent run a little over 1 em. */
const LINE_HEIGHT = 1.15;
/**
 * Spacing of the spiral, both between its turns and between its points along a turn: a quarter of the smallest
 * font (3 px at 12 px; 2 px or 1.5 px placed no more words), but wider in a big box, so that it holds at most
 * about 40 000 points. A walk costs time in proportion to the points, and a big box has room enough.
 */
function spiralStep(minFont: number, width: number, height: number): number {
  return Math.max(minFont / 4, Math.sqrt(width * height) / 200);
}
/** Largest angle between spiral points, so the first turns near the centre are not skipped over. */
const MAX_SPIRAL_TURN = 0.5;
/** Side of a spatial-index cell, px: about two small words, so a query looks at a handful of cells. */
const CELL_SIZE = 32;

// East Asian wide and full-width characters (UAX #11): the scripts, CJK radicals, punctuation, enclosed and
// compatibility forms, vertical and small forms; minus the half-width katakana and hangul the scripts include.
const FULL_WIDTH =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u2e80-\u303f\u3040-\u33ff\ufe10-\ufe1f\ufe30-\ufe6f\uff01-\uff60\uffe0-\uffe6]/u;
const HALF_WIDTH_FORMS = /[\uff61-\uffdc\uffe8-\uffee]/u;
// Combining marks, joiners and variation selectors draw on the character before them.
const ZERO_WIDTH = /[\p{Mn}\p{Me}\p{Cf}]/u;
// Emoji drawn as pictures are about as wide as an ideograph; text-style symbols (©, digits) are not.
const EMOJI = /\p{Emoji_Presentation}/u;

function charEms(ch: string): number {
  if (ZERO_WIDTH.test(ch)) return 0;
  if (FULL_WIDTH.test(ch) && !HALF_WIDTH_FORMS.test(ch)) return 1;
  if (EMOJI.test(ch)) return 1;
  if (/\s/u.test(ch)) return 0.3;
  return 0.6;
}

/**
 * Estimated advance width of `word` set at `fontSize` px, without measuring a font: ideographs, kana, hangul and
 * full-width forms are 1 em, which is exact for CJK fonts; Latin letters and digits average 0.6 em in the UI's
 * sans-serif, spaces 0.3 em. Wide Latin (W, M) is underestimated, which the padding between words absorbs.
 */
export function textWidth(word: string, fontSize: number): number {
  let ems = 0;
  for (const ch of word) ems += charEms(ch);
  return ems * fontSize;
}

/**
 * Valid words, heaviest first. Repeats of a word are summed, as weights are normally counts and one word drawn
 * twice reads as a bug; ties sort by code units, not localeCompare, so the order is the same on every machine.
 */
function rankWords(words: readonly CloudWord[]): CloudWord[] {
  const totals = new Map<string, number>();
  for (const { word, weight } of words) {
    if (!(Number.isFinite(weight) && weight > 0) || word.trim() === "" || textWidth(word, 1) === 0) continue;
    totals.set(word, Math.min(Number.MAX_VALUE, (totals.get(word) ?? 0) + weight));
  }
  return [...totals]
    .map(([word, weight]) => ({ word, weight }))
    .sort((a, b) => b.weight - a.weight || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
}

/** Font size by the square root of weight, so a word's area rather than its height tracks its weight. */
function fontSizer(
  ranked: readonly CloudWord[],
  minFont: number,
  maxFont: number,
): (weight: number) => number {
  const lo = Math.sqrt(ranked[ranked.length - 1]?.weight ?? 0);
  const span = Math.sqrt(ranked[0]?.weight ?? 0) - lo;
  return (weight) => (span > 0 ? minFont + ((Math.sqrt(weight) - lo) / span) * (maxFont - minFont) : maxFont);
}

/** mulberry32 (Tommy Ettinger): a tiny seeded generator, so the same seed sets the same words vertically. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Candidate centres: an Archimedean spiral from the box's centre, stretched to its aspect ratio so the cloud
 * fills a wide box rather than a circle in it. Every word walks the same points, made as far as a word first
 * needs them; points outside the box are dropped, and the spiral ends once its ellipse encloses the whole box
 * (r > half the short side × √2), where no later point can be inside.
 *
 * A point where every box still to come would hit a placed word or the edge is dead, and later walks skip it: without
 * that, each word re-walked the packed middle point by point (ten million visits for 160 words in 800 × 400).
 */
class Spiral {
  xs: Float64Array;
  ys: Float64Array;
  /** Union–find over point indices: next[i] = i while point i is alive, else a later point to look from. */
  private next: Int32Array;
  /**
   * Half-sides of a box known not to fit at each point (∞ when none is). Placed boxes only ever get added, so no
   * box as large on both sides fits there either: words that fit nowhere, often several in a row, each walk the
   * whole spiral, and this spares most of their collision tests.
   */
  private failW: Float64Array;
  private failH: Float64Array;
  private made = 0;
  private theta = 0;
  private readonly ax: number;
  private readonly ay: number;
  private readonly stretch: number;
  private readonly thetaMax: number;

  constructor(
    private readonly width: number,
    private readonly height: number,
    private readonly step: number,
  ) {
    // Scaled so that turns are `step` apart across the short side, and further apart across the long one.
    const short = Math.min(width, height);
    this.ax = width / short;
    this.ay = height / short;
    this.stretch = Math.max(this.ax, this.ay);
    this.thetaMax = (((short / 2) * Math.SQRT2) / step) * 2 * Math.PI;
    // The spiral puts one point in every step² of the box (a few more near the centre). Growing the buffers from
    // small instead took a tenth of the whole layout, in allocation and garbage collection.
    const size = Math.ceil((1.05 * width * height) / step ** 2) + 64;
    this.xs = new Float64Array(size);
    this.ys = new Float64Array(size);
    this.failW = new Float64Array(size);
    this.failH = new Float64Array(size);
    this.next = new Int32Array(size + 1);
  }

  /** The first live point at or after index i, or −1 when the spiral has left the box. */
  alive(i: number): number {
    const next = this.next;
    let j = i;
    for (let k = next[j] ?? j; k !== j; k = next[j] ?? j) {
      next[j] = next[k] ?? k;
      j = k;
    }
    return j < this.made || this.extend() ? j : -1;
  }

  kill(i: number): void {
    this.next[i] = i + 1;
  }

  knownToFail(i: number, hw: number, hh: number): boolean {
    return hw >= (this.failW[i] ?? 0) && hh >= (this.failH[i] ?? 0);
  }

  /** Remember that a box of half-sides (hw, hh) does not fit at point i, if it is smaller than the one known. */
  fails(i: number, hw: number, hh: number): void {
    if (hw * hh < (this.failW[i] ?? 0) * (this.failH[i] ?? 0)) {
      this.failW[i] = hw;
      this.failH[i] = hh;
    }
  }

  /** Make the next point inside the box; false when there is none. */
  private extend(): boolean {
    const { ax, ay, width, height, step } = this;
    while (this.theta <= this.thetaMax) {
      const theta = this.theta;
      const r = (step / (2 * Math.PI)) * theta;
      this.theta += Math.min(MAX_SPIRAL_TURN, step / (r * this.stretch));
      const dx = ax * r * Math.cos(theta);
      const dy = ay * r * Math.sin(theta);
      if (Math.abs(dx) > width / 2 || Math.abs(dy) > height / 2) continue;
      if (this.made === this.xs.length) this.grow();
      const i = this.made++;
      this.xs[i] = width / 2 + dx;
      this.ys[i] = height / 2 + dy;
      this.failW[i] = Number.POSITIVE_INFINITY;
      this.failH[i] = Number.POSITIVE_INFINITY;
      this.next[i + 1] = i + 1;
      return true;
    }
    return false;
  }

  private grow(): void {
    const size = this.xs.length * 2;
    this.xs = resized(this.xs, size);
    this.ys = resized(this.ys, size);
    this.failW = resized(this.failW, size);
    this.failH = resized(this.failH, size);
    const next = new Int32Array(size + 1);
    next.set(this.next);
    this.next = next;
  }
}

function resized(array: Float64Array, size: number): Float64Array {
  const copy = new Float64Array(size);
  copy.set(array);
  return copy;
}

/** Placed rectangles in a uniform grid of CELL_SIZE cells, each listed in every cell it touches. */
class RectIndex {
  private readonly rects: number[] = [];
  private readonly cells: number[][];
  private readonly cols: number;
  private readonly rows: number;
  /** The rectangle that last blocked a candidate: the next spiral point is usually blocked by it again. */
  private last = -1;

  constructor(width: number, height: number) {
    this.cols = Math.max(1, Math.ceil(width / CELL_SIZE));
    this.rows = Math.max(1, Math.ceil(height / CELL_SIZE));
    this.cells = Array.from({ length: this.cols * this.rows }, () => []);
  }

  /** A placed rectangle overlapping (x0, y0)–(x1, y1) with positive area, or −1; touching edges are free. */
  blocker(x0: number, y0: number, x1: number, y1: number): number {
    if (this.last >= 0 && this.overlaps(this.last, x0, y0, x1, y1)) return this.last;
    // The cell under the centre first: a blocked candidate usually sits on its blocker.
    const centre = this.find(this.row((y0 + y1) / 2) * this.cols + this.col((x0 + x1) / 2), x0, y0, x1, y1);
    if (centre >= 0) return centre;
    // Plain loops: a generator of cells here made the whole layout 1.8 times slower.
    const [c0, c1, r1] = [this.col(x0), this.col(x1), this.row(y1)];
    for (let r = this.row(y0); r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const i = this.find(r * this.cols + c, x0, y0, x1, y1);
        if (i >= 0) return i;
      }
    }
    return -1;
  }

  private find(cell: number, x0: number, y0: number, x1: number, y1: number): number {
    for (const i of this.cells[cell] ?? []) {
      if (this.overlaps(i, x0, y0, x1, y1)) {
        this.last = i;
        return i;
      }
    }
    return -1;
  }

  /** Whether (x, y) lies less than reachW across and reachH down from rectangle i. */
  near(i: number, x: number, y: number, reachW: number, reachH: number): boolean {
    return this.overlaps(i, x - reachW, y - reachH, x + reachW, y + reachH);
  }

  add(x0: number, y0: number, x1: number, y1: number): void {
    const i = this.rects.length;
    this.rects.push(x0, y0, x1, y1);
    for (let r = this.row(y0); r <= this.row(y1); r++) {
      for (let c = this.col(x0); c <= this.col(x1); c++) this.cells[r * this.cols + c]?.push(i);
    }
  }

  // Coordinates outside the box clamp to its edge cells.
  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor(x / CELL_SIZE)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / CELL_SIZE)));
  }

  private overlaps(i: number, x0: number, y0: number, x1: number, y1: number): boolean {
    const r = this.rects;
    return x0 < (r[i + 2] ?? 0) && (r[i] ?? 0) < x1 && y0 < (r[i + 3] ?? 0) && (r[i + 1] ?? 0) < y1;
  }
}

function option(value: number | undefined, fallback: number, valid: (v: number) => boolean): number {
  return value !== undefined && Number.isFinite(value) && valid(value) ? value : fallback;
}

/**
 * Lay `words` out in a `width` × `height` box, heaviest first, each at the first point of the spiral where its
 * box (plus `padding` towards other words) is free and inside the box. The result is in placement order and leaves
 * out words that fit nowhere; a smaller word after one may still fit. Weights ≤ 0 or non-finite, and blank words,
 * are dropped. If `maxFontSize` is below `minFontSize` (a short box), the minimum wins: fewer legible words beat
 * every word at an unreadable size. A word longer than the box itself is shrunk to fit it, but not below the
 * minimum.
 */
export function layoutWordCloud(words: readonly CloudWord[], options: CloudOptions): PlacedWord[] {
  const { width, height } = options;
  if (!(Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0)) return [];
  const ranked = rankWords(words);
  if (ranked.length === 0) return [];
  const minFont = option(options.minFontSize, 12, (v) => v > 0);
  const maxFont = Math.max(
    minFont,
    option(options.maxFontSize, Math.min(64, height / 5), (v) => v > 0),
  );
  const vertical = option(options.vertical, 0, () => true);
  const padding = option(options.padding, 2, (v) => v >= 0);
  const sizeOf = fontSizer(ranked, minFont, maxFont);
  const random = mulberry32(option(options.seed, 0, () => true));
  const boxes = ranked.flatMap(({ word, weight }) => {
    // Drawn for every word, set or not, so one word's orientation never depends on another's fate.
    const rotate: 0 | 90 = random() < vertical ? 90 : 0;
    const em = textWidth(word, 1);
    const [across, down] = rotate === 0 ? [em, LINE_HEIGHT] : [LINE_HEIGHT, em];
    // The 1e-9 keeps a word shrunk to the box's exact size from poking out of it by a rounding error.
    const fontSize = Math.min(sizeOf(weight), Math.min(width / across, height / down) * (1 - 1e-9));
    if (fontSize < minFont) return [];
    return [{ word, weight, rotate, em, fontSize, hw: (across * fontSize) / 2, hh: (down * fontSize) / 2 }];
  });
  // The smallest half-sides among each word and those after it: a spiral point nearer a placed box than these
  // (plus the padding) is blocked for every box still to come.
  const leastW = suffixMinima(boxes.map((b) => b.hw));
  const leastH = suffixMinima(boxes.map((b) => b.hh));
  const spiral = new Spiral(width, height, spiralStep(minFont, width, height));
  const index = new RectIndex(width, height);
  // Boxes (as half-sides) that fitted nowhere. Placed boxes only ever get added, so a box at least as large on
  // both sides fits nowhere either, and skips its walk along the spiral.
  const failed: [number, number][] = [];
  const placed: PlacedWord[] = [];

  boxes.forEach(({ word, weight, rotate, em, fontSize, hw, hh }, i) => {
    if (failed.some(([fw, fh]) => hw >= fw && hh >= fh)) return;
    const least = { w: leastW[i] ?? hw, h: leastH[i] ?? hh };
    const spot = findSpot({ width, height, padding, least, spiral, index }, hw, hh);
    if (spot === null) {
      failed.push([hw, hh]);
      return;
    }
    const [x, y] = spot;
    index.add(x - hw, y - hh, x + hw, y + hh);
    const box = { width: em * fontSize, height: LINE_HEIGHT * fontSize };
    placed.push({ word, weight, x, y, fontSize, ...box, rotate });
  });
  return placed;
}

function suffixMinima(values: readonly number[]): number[] {
  const minima = [...values];
  for (let i = minima.length - 2; i >= 0; i--) minima[i] = Math.min(minima[i] ?? 0, minima[i + 1] ?? 0);
  return minima;
}

interface Cloud {
  width: number;
  height: number;
  padding: number;
  /** The smallest half-sides of any box still to come. */
  least: { w: number; h: number };
  spiral: Spiral;
  index: RectIndex;
}

/**
 * The first spiral point where a box of half-sides (hw, hh) lies inside the bounds and clear of every placed box.
 * A point that fails even for the smallest box to come is killed on the way.
 */
function findSpot(cloud: Cloud, hw: number, hh: number): [number, number] | null {
  const { width, height, padding, least, spiral, index } = cloud;
  const reachW = least.w + padding;
  const reachH = least.h + padding;
  for (let i = spiral.alive(0); i >= 0; i = spiral.alive(i + 1)) {
    if (spiral.knownToFail(i, hw, hh)) continue;
    const x = spiral.xs[i] ?? 0;
    const y = spiral.ys[i] ?? 0;
    if (x - hw < 0 || x + hw > width || y - hh < 0 || y + hh > height) {
      if (x < least.w || x > width - least.w || y < least.h || y > height - least.h) spiral.kill(i);
      else spiral.fails(i, hw, hh);
      continue;
    }
    const blocker = index.blocker(x - hw - padding, y - hh - padding, x + hw + padding, y + hh + padding);
    if (blocker < 0) return [x, y];
    spiral.fails(i, hw, hh);
    if (
      index.near(blocker, x, y, reachW, reachH) ||
      index.blocker(x - reachW, y - reachH, x + reachW, y + reachH) >= 0
    ) {
      spiral.kill(i);
    }
  }
  return null;
}
