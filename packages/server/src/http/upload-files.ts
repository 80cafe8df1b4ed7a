import type { FastifyInstance } from "fastify";
import { uploadStorageKey } from "../commands/uploads/files.ts";
import type { AppContext } from "../context.ts";
import { isSafeKey } from "../storage/index.ts";

const INLINE = /\.(png|jpe?g|gif|webp)$/i;

/** Types by the (sniffed, server-chosen) extension; anything else downloads as bytes. */
const TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
};

function typeOf(key: string): string {
  return TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}

/**
 * Serves stored uploads at /uploads/<key> from local disk or the bucket alike, streamed through the app.
 * Keys are 128-bit random (capability URLs); images show inline, everything else downloads; nosniff
 * (set globally) stops browsers from guessing types.
 */
export async function registerUploadFiles(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/uploads/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const object = isSafeKey(key) ? await ctx.storage.open(uploadStorageKey(key)) : null;
    if (!object) return reply.callNotFound();
    const name = key.slice(key.lastIndexOf("/") + 1);
    reply
      .type(typeOf(key))
      .header("Content-Length", String(object.size))
      .header("Cache-Control", "private, max-age=86400")
      .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    if (!INLINE.test(key)) reply.header("Content-Disposition", `attachment; filename="${name}"`);
    return reply.send(object.body);
  });
}
