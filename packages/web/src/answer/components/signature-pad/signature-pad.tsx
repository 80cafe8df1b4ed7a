import { type PointerEvent, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { type Point, strokeBounds, toCanvasPoint } from "./geometry.ts";

/** The signature pad of seed §3, with its defaults. */
export const signaturePadDefaults = {
  width: 800,
  height: 300,
  lineWidth: 4,
  lineColor: "#000000",
  bgColor: "",
  isCrop: false,
  isClearBgColor: true,
  format: "image/png",
  quality: 1,
} as const;

/** The wording of seed §8 for exporting a blank pad, kept verbatim (typo included). */
export const NOT_SIGNED_MESSAGE = "Warning: Not Signned!";

export interface SignaturePadHandle {
  /** Clears the strokes (and, with isClearBgColor, the background); the pad is blank again. */
  reset(): void;
  /** The image as a data URL; rejects with `Error("Warning: Not Signned!")` while the pad is blank. */
  generate(options?: { format?: string; quality?: number }): Promise<string>;
  isEmpty(): boolean;
}

export interface SignaturePadProps {
  width?: number;
  height?: number;
  lineWidth?: number;
  lineColor?: string;
  /** Background colour, also painted under the strokes of the export; "" is transparent. */
  bgColor?: string;
  /** Trim the exported image to the strokes' bounding box. */
  isCrop?: boolean;
  /** Whether reset() also clears the background colour. */
  isClearBgColor?: boolean;
  format?: string;
  quality?: number;
  /** Told when reset() clears the background (the original's `update:bgColor`). */
  onBgColorChange?: (color: string) => void;
  /** Told when the pad turns drawn (first stroke) or blank (reset). */
  onDrawnChange?: (drawn: boolean) => void;
  label?: string;
  ref?: Ref<SignaturePadHandle>;
}

/**
 * Mouse, touch and pen through pointer events (one code path); `touch-action: none` keeps a finger stroke from
 * scrolling the page. The canvas keeps its drawing size (800×300 by default) and is shown at the container's
 * width, so phones scale it down while the stroke coordinates stay in canvas pixels.
 */
export function SignaturePad(props: SignaturePadProps) {
  const p = { ...signaturePadDefaults, ...props };
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const points = useRef<Point[]>([]);
  const drawing = useRef(false);
  const drawnRef = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [background, setBackground] = useState(p.bgColor);

  useEffect(() => setBackground(p.bgColor), [p.bgColor]);

  const context = () => {
    const ctx = canvasRef.current?.getContext("2d") ?? null;
    if (ctx) {
      ctx.lineWidth = p.lineWidth;
      ctx.strokeStyle = p.lineColor;
      ctx.fillStyle = p.lineColor;
      ctx.lineCap = "round";
      ctx.lineJoin = "round";
    }
    return ctx;
  };

  const markDrawn = (value: boolean) => {
    if (drawnRef.current === value) return;
    drawnRef.current = value;
    setDrawn(value);
    p.onDrawnChange?.(value);
  };

  const pointOf = (event: PointerEvent<HTMLCanvasElement>) =>
    toCanvasPoint(
      event.clientX,
      event.clientY,
      event.currentTarget.getBoundingClientRect(),
      p.width,
      p.height,
    );

  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button > 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const ctx = context();
    if (!ctx) return;
    const point = pointOf(event);
    drawing.current = true;
    points.current.push(point);
    // A tap leaves a dot, so even a single touch is a stroke.
    ctx.beginPath();
    ctx.arc(point.x, point.y, p.lineWidth / 2, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(point.x, point.y);
    markDrawn(true);
  };

  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    event.preventDefault();
    const ctx = context();
    if (!ctx) return;
    const point = pointOf(event);
    points.current.push(point);
    ctx.lineTo(point.x, point.y);
    ctx.stroke();
  };

  const handlePointerUp = () => {
    drawing.current = false;
  };

  useImperativeHandle(props.ref, () => ({
    reset() {
      canvasRef.current?.getContext("2d")?.clearRect(0, 0, p.width, p.height);
      points.current = [];
      drawing.current = false;
      if (p.isClearBgColor) {
        setBackground("");
        p.onBgColorChange?.("");
      }
      markDrawn(false);
    },
    generate(options) {
      const canvas = canvasRef.current;
      if (!drawnRef.current || !canvas) return Promise.reject(new Error(NOT_SIGNED_MESSAGE));
      const box = p.isCrop
        ? (strokeBounds(points.current, p.lineWidth, p.width, p.height) ?? {
            x: 0,
            y: 0,
            width: p.width,
            height: p.height,
          })
        : { x: 0, y: 0, width: p.width, height: p.height };
      const out = document.createElement("canvas");
      out.width = box.width;
      out.height = box.height;
      const ctx = out.getContext("2d");
      if (!ctx) return Promise.reject(new Error("当前浏览器不支持导出签名"));
      if (background) {
        ctx.fillStyle = background;
        ctx.fillRect(0, 0, box.width, box.height);
      }
      ctx.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height);
      return Promise.resolve(out.toDataURL(options?.format ?? p.format, options?.quality ?? p.quality));
    },
    isEmpty: () => !drawnRef.current,
  }));

  return (
    <div className="wa-pad" data-drawn={drawn ? "true" : "false"}>
      <canvas
        ref={canvasRef}
        width={p.width}
        height={p.height}
        role="img"
        aria-label={p.label ?? "签名区域"}
        className="wa-pad-canvas"
        style={{ aspectRatio: `${p.width} / ${p.height}`, background: background || "transparent" }}
        onPointerDown={handlePointerDown}
        onPointerMove={handlePointerMove}
        onPointerUp={handlePointerUp}
        onPointerCancel={handlePointerUp}
        onPointerLeave={handlePointerUp}
      />
      {drawn ? null : (
        <span className="wa-pad-hint" aria-hidden="true">
          请在此处手写签名
        </span>
      )}
    </div>
  );
}
