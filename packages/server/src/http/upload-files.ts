import type { FastifyInstance } from "fastify";
import { contentTypeOf, openUpload } from "../commands/uploads/files.ts";
import type { AppContext } from "../context.ts";

const INLINE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * Serves stored uploads at /uploads/<key> from local disk or the bucket alike, streamed through the app.
 * Keys are 128-bit random (capability URLs); images show inline, everything else downloads; nosniff
 * (set globally) stops browsers from guessing types. A sealed file (敏感文件, 签名) is opened on the way out.
 */
export async function registerUploadFiles(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/uploads/*", async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    const object = await openUpload(ctx, key);
    if (!object) return reply.callNotFound();
    const name = key.slice(key.lastIndexOf("/") + 1);
    reply
      .type(contentTypeOf(key))
      .header("Content-Length", String(object.size))
      .header("Cache-Control", "private, max-age=86400")
      .header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    if (!INLINE.test(key)) reply.header("Content-Disposition", `attachment; filename="${name}"`);
    return reply.send(object.body);
  });
}
