import { randomBytes } from "node:crypto";
import { limits, type UserInfo } from "@wjgj/core";
import jpeg from "jpeg-js";
import { PNG } from "pngjs";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { presentUserInfo } from "../../presenters/user.ts";
import { type IncomingFile, sniffAllowed, uploadStorageKey, uploadUrl } from "../uploads/files.ts";

interface Bitmap {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel. */
  data: Uint8Array;
}

const { size, maxBytes, maxSide } = limits.avatar;
const AVATAR_PREFIX = "avatars/";

/** Width and height from the header, read before decoding so a huge picture is refused without the memory. */
function dimensions(data: Buffer, ext: string): { width: number; height: number } | null {
  if (ext === "png")
    return data.length >= 24 ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) } : null;
  // JPEG: walk the segments to the first start-of-frame marker.
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return null;
    const marker = data[at + 1] ?? 0;
    const length = data.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/**
 * Whether a PNG's chunks are all there: IHDR first, at least one IDAT, every chunk within the file, up to IEND.
 * pngjs's synchronous reader does not refuse a cut file: it inflates nothing into a buffer it did not clear, and
 * may then hand back a picture of whatever memory held (which would be served as the avatar).
 */
function completePng(data: Buffer): boolean {
  let at = 8;
  let first = true;
  let idat = false;
  while (at + 12 <= data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString("latin1", at + 4, at + 8);
    const end = at + 12 + length;
    if (end > data.length) return false;
    if (first && type !== "IHDR") return false;
    first = false;
    if (type === "IDAT") idat = true;
    if (type === "IEND") return idat;
    at = end;
  }
  return false;
}

function decode(data: Buffer, ext: string): Bitmap {
  if (ext === "png" && !completePng(data)) throw InvalidInputError.field("file", "uploadDamaged");
  try {
    if (ext === "png") {
      const png = PNG.sync.read(data);
      return { width: png.width, height: png.height, data: png.data };
    }
    return jpeg.decode(data, {
      useTArray: true,
      formatAsRGBA: true,
      maxResolutionInMP: 17,
      maxMemoryUsageInMB: 256,
    });
  } catch {
    throw InvalidInputError.field("file", "uploadDamaged");
  }
}

/**
 * The centre square of `source` scaled to `side`×`side` by averaging the source pixels under each target
 * pixel (the browser has already cropped to a square; a non-square upload is cropped here the same way).
 * Transparent parts are laid on white, as the JPEG that is stored has no alpha.
 */
export function squareThumbnail(source: Bitmap, side: number): Bitmap {
  const crop = Math.min(source.width, source.height);
  const left = Math.floor((source.width - crop) / 2);
  const top = Math.floor((source.height - crop) / 2);
  const out = new Uint8Array(side * side * 4);
  const scale = crop / side;
  for (let y = 0; y < side; y++) {
    const y0 = top + Math.floor(y * scale);
    const y1 = Math.max(y0 + 1, top + Math.floor((y + 1) * scale));
    for (let x = 0; x < side; x++) {
      const x0 = left + Math.floor(x * scale);
      const x1 = Math.max(x0 + 1, left + Math.floor((x + 1) * scale));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * source.width + sx) * 4;
          const alpha = (source.data[i + 3] ?? 255) / 255;
          r += (source.data[i] ?? 0) * alpha + 255 * (1 - alpha);
          g += (source.data[i + 1] ?? 0) * alpha + 255 * (1 - alpha);
          b += (source.data[i + 2] ?? 0) * alpha + 255 * (1 - alpha);
          n += 1;
        }
      }
      const o = (y * side + x) * 4;
      out[o] = Math.round(r / n);
      out[o + 1] = Math.round(g / n);
      out[o + 2] = Math.round(b / n);
      out[o + 3] = 255;
    }
  }
  return { width: side, height: side, data: out };
}

/**
 * `user/uploadAvatar`: a JPG or PNG, checked by content, stored in the upload storage as a 256×256 JPEG
 * whatever its size (a phone photo is not served to every page header), then made the account's avatar.
 * The previous uploaded avatar is removed.
 */
export async function uploadAvatar(ctx: AppContext, viewer: Viewer, file: IncomingFile): Promise<UserInfo> {
  if (file.data.length === 0) throw InvalidInputError.field("file", "uploadMissingFile");
  if (file.data.length > maxBytes) throw InvalidInputError.field("file", "avatarImageInvalid");
  const sniffed = await sniffAllowed(file, ["png", "jpg"]).catch(() => {
    throw InvalidInputError.field("file", "avatarImageInvalid");
  });
  const box = dimensions(file.data, sniffed.ext);
  if (!box || box.width === 0 || box.height === 0) throw InvalidInputError.field("file", "uploadDamaged");
  if (box.width > maxSide || box.height > maxSide) throw InvalidInputError.field("file", "avatarTooLarge");
  const thumbnail = squareThumbnail(decode(file.data, sniffed.ext), size);
  const encoded = jpeg.encode({ width: size, height: size, data: Buffer.from(thumbnail.data) }, 85).data;

  const now = ctx.clock.now();
  const key = `${AVATAR_PREFIX}${iso(now).slice(0, 7)}/${randomBytes(16).toString("hex")}.jpg`;
  await ctx.storage.put(uploadStorageKey(key), encoded, { contentType: "image/jpeg", exclusive: true });
  const previous = viewer.user.avatar;
  const user = await ctx.db
    .updateTable("users")
    .set({ avatar: uploadUrl(key), updatedAt: iso(now) })
    .where("id", "=", viewer.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const previousKey = previous.startsWith(uploadUrl(AVATAR_PREFIX))
    ? previous.slice(uploadUrl("").length)
    : null;
  if (previousKey && !previousKey.includes("..")) {
    await ctx.storage.remove(uploadStorageKey(previousKey));
  }
  return presentUserInfo(user);
}
