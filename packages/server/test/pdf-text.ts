import { inflateSync } from "node:zlib";

/**
 * The text a PDF shows: its content streams' glyph codes read through the fonts' ToUnicode maps (pdfkit
 * writes text as 4-hex-digit glyph ids in TJ arrays and maps them with bfrange arrays).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  const starts = /stream\r?\n/g;
  for (let m = starts.exec(raw); m; m = starts.exec(raw)) {
    const start = m.index + m[0].length;
    const body = pdf.subarray(start, raw.indexOf("endstream", start));
    try {
      streams.push(inflateSync(body).toString("latin1"));
    } catch {
      streams.push(body.toString("latin1"));
    }
  }
  const glyphs = new Map<number, string>();
  for (const stream of streams) {
    for (const [, from, list] of stream.matchAll(/<([0-9a-f]{4})>\s*<[0-9a-f]{4}>\s*\[([^\]]*)\]/gi)) {
      [...(list ?? "").matchAll(/<([0-9a-f]+)>/gi)].forEach(([, hex], i) => {
        glyphs.set(
          Number.parseInt(from ?? "0", 16) + i,
          String.fromCharCode(Number.parseInt(hex ?? "0", 16)),
        );
      });
    }
  }
  return streams
    .filter((stream) => stream.includes(" TJ"))
    .flatMap((stream) => [...stream.matchAll(/\[((?:<[0-9a-f]*>\s*-?[\d.]*\s*)*)\]\s*TJ/gi)])
    .map(([, array]) =>
      [...(array ?? "").matchAll(/<([0-9a-f]*)>/gi)]
        .flatMap(([, hex]) =>
          (hex?.match(/.{4}/g) ?? []).map((code) => glyphs.get(Number.parseInt(code, 16)) ?? "?"),
        )
        .join(""),
    )
    .join("\n");
}
