import { act, fireEvent, render } from "@testing-library/react";
import { createRef } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { strokeBounds, toCanvasPoint } from "./geometry.ts";
import {
  NOT_SIGNED_MESSAGE,
  SignaturePad,
  type SignaturePadHandle,
  signaturePadDefaults,
} from "./signature-pad.tsx";

/** jsdom has no canvas: a 2D context that records what was drawn, one per canvas element. */
class FakeContext {
  calls: { name: string; args: unknown[]; lineWidth?: number; strokeStyle?: string; fillStyle?: string }[] =
    [];
  lineWidth = 1;
  strokeStyle = "";
  fillStyle = "";
  lineCap = "butt";
  lineJoin = "miter";
  constructor(readonly canvas: HTMLCanvasElement) {}
  private record(name: string, args: unknown[]) {
    this.calls.push({
      name,
      args,
      lineWidth: this.lineWidth,
      strokeStyle: this.strokeStyle,
      fillStyle: this.fillStyle,
    });
  }
  beginPath = (...a: unknown[]) => this.record("beginPath", a);
  moveTo = (...a: unknown[]) => this.record("moveTo", a);
  lineTo = (...a: unknown[]) => this.record("lineTo", a);
  stroke = (...a: unknown[]) => this.record("stroke", a);
  arc = (...a: unknown[]) => this.record("arc", a);
  fill = (...a: unknown[]) => this.record("fill", a);
  fillRect = (...a: unknown[]) => this.record("fillRect", a);
  clearRect = (...a: unknown[]) => this.record("clearRect", a);
  drawImage = (...a: unknown[]) => this.record("drawImage", a);
  named(name: string) {
    return this.calls.filter((call) => call.name === name);
  }
}

const contexts = new Map<HTMLCanvasElement, FakeContext>();
const exports: { width: number; height: number; format: string; quality: number }[] = [];

beforeEach(() => {
  contexts.clear();
  exports.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(function (this: HTMLCanvasElement) {
    let ctx = contexts.get(this);
    if (!ctx) {
      ctx = new FakeContext(this);
      contexts.set(this, ctx);
    }
    return ctx as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext);
  vi.spyOn(HTMLCanvasElement.prototype, "toDataURL").mockImplementation(function (
    this: HTMLCanvasElement,
    format?: string,
    quality?: unknown,
  ) {
    exports.push({ width: this.width, height: this.height, format: format ?? "", quality: Number(quality) });
    return `data:${format};base64,AAAA`;
  });
});
afterEach(() => vi.restoreAllMocks());

/** Renders a pad shown at 400×150 CSS pixels at (10, 20): half its 800×300 drawing size, as on a phone. */
function setup(props: Parameters<typeof SignaturePad>[0] = {}) {
  const ref = createRef<SignaturePadHandle>();
  const view = render(<SignaturePad ref={ref} {...props} />);
  const canvas = view.container.querySelector("canvas") as HTMLCanvasElement;
  canvas.getBoundingClientRect = () => ({ left: 10, top: 20, width: 400, height: 150 }) as DOMRect;
  const pad = () => view.container.querySelector(".wa-pad") as HTMLElement;
  const ctx = () => contexts.get(canvas) as FakeContext;
  return { ref, canvas, pad, ctx, view };
}

/** A stroke through CSS points, with the given pointer type (mouse, touch or pen). */
function stroke(canvas: HTMLCanvasElement, points: [number, number][], pointerType = "mouse") {
  const [first, ...rest] = points;
  if (!first) return;
  act(() => {
    fireEvent.pointerDown(canvas, {
      clientX: first[0],
      clientY: first[1],
      pointerId: 1,
      pointerType,
      button: 0,
    });
    for (const [x, y] of rest)
      fireEvent.pointerMove(canvas, { clientX: x, clientY: y, pointerId: 1, pointerType });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType });
  });
}

describe("signature pad (seed §3, §4, §8)", () => {
  it("has the seed's props and defaults: 800×300, line width 4, black, image/png, quality 1", () => {
    expect(signaturePadDefaults).toEqual({
      width: 800,
      height: 300,
      lineWidth: 4,
      lineColor: "#000000",
      bgColor: "",
      isCrop: false,
      isClearBgColor: true,
      format: "image/png",
      quality: 1,
    });
    const { canvas } = setup();
    expect(canvas.width).toBe(800);
    expect(canvas.height).toBe(300);
  });

  it("is blank until the first stroke: exporting rejects with `Warning: Not Signned!`", async () => {
    const { ref, pad } = setup();
    expect(pad().dataset.drawn).toBe("false");
    expect(ref.current?.isEmpty()).toBe(true);
    const rejection = ref.current?.generate();
    await expect(rejection).rejects.toBeInstanceOf(Error);
    await expect(rejection).rejects.toThrow(NOT_SIGNED_MESSAGE);
    expect(NOT_SIGNED_MESSAGE).toBe("Warning: Not Signned!");
    expect(exports).toHaveLength(0);
  });

  it.each(["mouse", "touch", "pen"])(
    "draws with %s input, in line width 4 and black",
    async (pointerType) => {
      const onDrawnChange = vi.fn();
      const { canvas, ref, pad, ctx } = setup({ onDrawnChange });
      stroke(
        canvas,
        [
          [60, 45],
          [110, 70],
          [160, 95],
        ],
        pointerType,
      );
      expect(pad().dataset.drawn).toBe("true");
      expect(onDrawnChange).toHaveBeenCalledWith(true);
      const lines = ctx().named("lineTo");
      expect(lines).toHaveLength(2);
      expect(
        ctx()
          .named("stroke")
          .every((call) => call.lineWidth === 4 && call.strokeStyle === "#000000"),
      ).toBe(true);
      await expect(ref.current?.generate()).resolves.toMatch(/^data:image\/png;base64,/);
    },
  );

  it("keeps drawing coordinates right when the pad is shown scaled to a phone's width", () => {
    const { canvas, ctx } = setup();
    stroke(canvas, [
      [110, 70],
      [210, 95],
    ]);
    // CSS (110, 70) is (100, 50) inside a 400×150 box: twice that in the 800×300 drawing.
    expect(ctx().named("moveTo")[0]?.args).toEqual([200, 100]);
    expect(ctx().named("lineTo")[0]?.args).toEqual([400, 150]);
  });

  it("uses the given line width and colour", () => {
    const { canvas, ctx } = setup({ lineWidth: 8, lineColor: "#1677ff" });
    stroke(canvas, [
      [20, 30],
      [40, 50],
    ]);
    expect(ctx().named("stroke")[0]).toMatchObject({ lineWidth: 8, strokeStyle: "#1677ff" });
    expect(ctx().named("arc")[0]?.args.slice(2, 3)).toEqual([4]);
  });

  it("exports the whole pad as image/png at quality 1 by default, or in the format asked for", async () => {
    const { canvas, ref } = setup();
    stroke(canvas, [
      [60, 45],
      [110, 70],
    ]);
    await ref.current?.generate();
    expect(exports[0]).toEqual({ width: 800, height: 300, format: "image/png", quality: 1 });
    await ref.current?.generate({ format: "image/jpeg", quality: 0.5 });
    expect(exports[1]).toMatchObject({ format: "image/jpeg", quality: 0.5 });
  });

  it("with isCrop, trims the export to the strokes' bounding box", async () => {
    const { canvas, ref } = setup({ isCrop: true });
    // CSS (60, 45) → canvas (100, 50); CSS (160, 95) → canvas (300, 150).
    stroke(canvas, [
      [60, 45],
      [110, 70],
      [160, 95],
    ]);
    await ref.current?.generate();
    // Ink reaches half the line width (2) beyond the points.
    expect(exports[0]).toMatchObject({ width: 204, height: 104 });
    const out = [...contexts.values()].find((c) => c.canvas !== canvas);
    expect(out?.named("drawImage")[0]?.args.slice(1)).toEqual([98, 48, 204, 104, 0, 0, 204, 104]);
  });

  it("reset clears the strokes and makes the pad blank again", async () => {
    const onDrawnChange = vi.fn();
    const { canvas, ref, pad, ctx, view } = setup({ onDrawnChange });
    stroke(canvas, [
      [60, 45],
      [110, 70],
    ]);
    act(() => ref.current?.reset());
    expect(ctx().named("clearRect").at(-1)?.args).toEqual([0, 0, 800, 300]);
    expect(pad().dataset.drawn).toBe("false");
    expect(onDrawnChange).toHaveBeenLastCalledWith(false);
    expect(view.getByText("请在此处手写签名")).toBeTruthy();
    await expect(ref.current?.generate()).rejects.toThrow("Warning: Not Signned!");
  });

  it("paints bgColor under the strokes of the export; reset clears it when isClearBgColor", async () => {
    const onBgColorChange = vi.fn();
    const { canvas, ref } = setup({ bgColor: "#fff8e1", onBgColorChange });
    expect(canvas.style.background).toBe("rgb(255, 248, 225)");
    stroke(canvas, [
      [60, 45],
      [110, 70],
    ]);
    await ref.current?.generate();
    const out = [...contexts.values()].find((c) => c.canvas !== canvas);
    const [fill, draw] = out?.calls.filter((c) => c.name === "fillRect" || c.name === "drawImage") ?? [];
    expect(fill).toMatchObject({ name: "fillRect", fillStyle: "#fff8e1", args: [0, 0, 800, 300] });
    expect(draw?.name).toBe("drawImage");
    act(() => ref.current?.reset());
    expect(onBgColorChange).toHaveBeenCalledWith("");
    expect(canvas.style.background).toBe("transparent");
  });

  it("keeps the background on reset when isClearBgColor is false", () => {
    const onBgColorChange = vi.fn();
    const { canvas, ref } = setup({ bgColor: "#fff8e1", isClearBgColor: false, onBgColorChange });
    stroke(canvas, [
      [60, 45],
      [110, 70],
    ]);
    act(() => ref.current?.reset());
    expect(onBgColorChange).not.toHaveBeenCalled();
    expect(canvas.style.background).toBe("rgb(255, 248, 225)");
  });
});

describe("signature pad geometry", () => {
  it("maps a pointer to canvas pixels whatever size the pad is shown at", () => {
    const rect = { left: 10, top: 20, width: 400, height: 150 };
    expect(toCanvasPoint(410, 170, rect, 800, 300)).toEqual({ x: 800, y: 300 });
    expect(toCanvasPoint(10, 20, { ...rect, width: 800, height: 300 }, 800, 300)).toEqual({ x: 0, y: 0 });
  });

  it("bounds the strokes, clamped to the canvas; nothing drawn has no box", () => {
    expect(strokeBounds([], 4, 800, 300)).toBeNull();
    expect(
      strokeBounds(
        [
          { x: 1, y: 299 },
          { x: 50.5, y: 200 },
        ],
        4,
        800,
        300,
      ),
    ).toEqual({
      x: 0,
      y: 198,
      width: 53,
      height: 102,
    });
  });
});
