import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { uploadsDir } from "../commands/uploads.ts";
import type { AppContext } from "../context.ts";

const INLINE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * Serves stored uploads at /uploads/<key>. Keys are 128-bit random (capability URLs); images show
 * inline, everything else downloads; nosniff (set globally) stops browsers from guessing types.
 */
export async function registerUploadFiles(app: FastifyInstance, ctx: AppContext): Promise<void> {
  fs.mkdirSync(uploadsDir(ctx), { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir(ctx),
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    setHeaders(res, filePath) {
      res.header("Cache-Control", "private, max-age=86400");
      res.header("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      if (!INLINE.test(filePath)) {
        res.header("Content-Disposition", `attachment; filename="${path.basename(filePath)}"`);
      }
    },
  });
}
