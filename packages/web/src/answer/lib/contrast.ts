type Rgb = [number, number, number];

function parseHex(color: string): Rgb | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;

/** WCAG 2 relative luminance. */
function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (a: Rgb, b: Rgb, share: number): Rgb =>
  a.map((c, i) => c * share + (b[i] ?? 0) * (1 - share)) as Rgb;

/** The page's tint of a theme colour (answer.css: color-mix(theme 10%, white)). */
export const tintOf = (color: string) => {
  const rgb = parseHex(color);
  return rgb ? toHex(mix(rgb, [255, 255, 255], 0.1)) : "#ffffff";
};

/**
 * The theme colour darkened just enough (1 % steps towards black) that it reads at 4.5:1 as text on white
 * and on its own tint, and white reads on it; colours that already do are returned unchanged.
 */
export function readableTheme(color: string, minimum = 4.5): string {
  const start = parseHex(color);
  if (!start) return color;
  for (let step = 0; step <= 100; step++) {
    const candidate = toHex(mix(start, [0, 0, 0], 1 - step / 100));
    if (
      contrastRatio(candidate, "#ffffff") >= minimum &&
      contrastRatio(candidate, tintOf(candidate)) >= minimum
    )
      return step === 0 ? color : candidate;
  }
  return "#000000";
}
