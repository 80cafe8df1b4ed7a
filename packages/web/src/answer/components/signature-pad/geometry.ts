/** Pure geometry of the signature pad, kept apart so it is tested without a canvas. */
export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A pointer position in the canvas's own coordinates. On a phone the 800×300 canvas is shown scaled down to
 * the screen width, so the CSS position is stretched back by the ratio of drawing size to shown size.
 */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  rect: Pick<DOMRect, "left" | "top" | "width" | "height">,
  width: number,
  height: number,
): Point {
  const scaleX = rect.width > 0 ? width / rect.width : 1;
  const scaleY = rect.height > 0 ? height / rect.height : 1;
  return { x: (clientX - rect.left) * scaleX, y: (clientY - rect.top) * scaleY };
}

/**
 * The strokes' bounding box (half a line width around every point, where the ink reaches), clamped to the
 * canvas and rounded outwards to whole pixels; null when nothing was drawn.
 */
export function strokeBounds(
  points: readonly Point[],
  lineWidth: number,
  width: number,
  height: number,
): Box | null {
  if (points.length === 0) return null;
  const half = lineWidth / 2;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const { x, y } of points) {
    minX = Math.min(minX, x - half);
    minY = Math.min(minY, y - half);
    maxX = Math.max(maxX, x + half);
    maxY = Math.max(maxY, y + half);
  }
  const left = Math.max(0, Math.floor(minX));
  const top = Math.max(0, Math.floor(minY));
  const right = Math.min(width, Math.ceil(maxX));
  const bottom = Math.min(height, Math.ceil(maxY));
  return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/** A data URL (what `generate()` resolves with) as a Blob, for `upload/upload`. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const [header = "", data = ""] = dataUrl.split(",");
  const mime = /^data:([^;]+)/.exec(header)?.[1] ?? "image/png";
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: mime });
}
