/** Script-like faces first: a typed name should look signed where such a font exists. */
const FONT_FAMILY = '"Kaiti SC", STKaiti, KaiTi, "楷体", "Segoe Script", cursive, serif';

export interface TypedSignatureOptions {
  width: number;
  height: number;
  color: string;
  crop: boolean;
}

/**
 * 输入姓名: the typed name drawn into a PNG of the pad's size and ink colour (cropped like a drawn one when
 * the question crops), so the stored answer has the same shape either way.
 */
export function typedSignaturePng(name: string, options: TypedSignatureOptions): string {
  const text = name.trim();
  const probe = document.createElement("canvas").getContext("2d");
  if (!probe) throw new Error("当前浏览器不支持生成签名");
  let size = Math.round(options.height * 0.5);
  probe.font = `${size}px ${FONT_FAMILY}`;
  const room = options.width * 0.9;
  const measured = probe.measureText(text).width;
  if (measured > room) size = Math.max(12, Math.floor((size * room) / measured));
  probe.font = `${size}px ${FONT_FAMILY}`;
  const textWidth = Math.ceil(probe.measureText(text).width);
  const pad = Math.round(size * 0.2);
  const canvas = document.createElement("canvas");
  canvas.width = options.crop ? Math.min(options.width, textWidth + pad * 2) : options.width;
  canvas.height = options.crop ? Math.min(options.height, Math.round(size * 1.4)) : options.height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("当前浏览器不支持生成签名");
  ctx.font = `${size}px ${FONT_FAMILY}`;
  ctx.fillStyle = options.color;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, canvas.width / 2, canvas.height / 2, canvas.width - pad);
  return canvas.toDataURL("image/png");
}
