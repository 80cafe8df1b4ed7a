// After the browser build: a Brotli (quality 11) and a gzip (level 9) copy beside every compressible file of dist/,
// which the server sends as they are (@fastify/static's preCompressed, packages/server/src/http/web-app.ts).
// Compressing each script on every request cost the server about 2.7 ms of CPU a file (half its work for a console
// page load), and at quality 11 the files are 9 % smaller than at the quality 5 a per-request compressor affords.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|ico)$/;
// Below the server's own threshold (app.ts) a response is not compressed at all.
const MIN_BYTES = 1024;
// The renderers (dist/server) and the build manifest (dist/.vite) are not sent to browsers. The HTML pages are
// served by the server itself, each with a fresh nonce, and have no compressible extension here.
const SKIP = new Set(["server", ".vite"]);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function filesUnder(root: string, dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return dir === root && SKIP.has(entry.name) ? [] : filesUnder(root, full);
    return COMPRESSIBLE.test(entry.name) ? [full] : [];
  });
}

async function compress(file: string): Promise<void> {
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
}

/** Writes the copies for `dist`. */
export async function precompress(dist: string): Promise<void> {
  const queue = filesUnder(dist);
  // zlib's asynchronous calls run on libuv's thread pool: one file per core at a time.
  await Promise.all(
    Array.from({ length: os.availableParallelism() }, async () => {
      for (let file = queue.pop(); file !== undefined; file = queue.pop()) await compress(file);
    }),
  );
}
