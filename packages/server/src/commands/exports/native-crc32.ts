import { createRequire } from "node:module";
import zlib from "node:zlib";

type Crc32 = (data: Uint8Array, seed?: unknown) => number;

let tried = false;

/**
 * exceljs's zip writer (archiver 5 → zip-stream 4 → compress-commons 4 → crc32-stream 4) checksums every byte
 * of a sheet with the crc-32 package, in JavaScript on the main thread: a fifth of a second per 100,000 exported
 * rows. Node ≥ 20.15 has the same checksum natively (zlib.crc32), so crc-32's `buf` — as that chain resolves it
 * — is pointed at it, once, after both gave the same checksums for a sample (crc32-stream first passes a Buffer
 * as the seed, which crc-32 reads as 0). On an older Node or another dependency layout nothing changes.
 */
export function useNativeCrc32(): void {
  if (tried) return;
  tried = true;
  const native = (zlib as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;
  if (typeof native !== "function") return;
  try {
    let resolveFrom = createRequire(import.meta.url);
    for (const name of ["exceljs", "archiver", "zip-stream", "compress-commons", "crc32-stream"])
      resolveFrom = createRequire(resolveFrom.resolve(name));
    const crc = resolveFrom("crc-32") as { buf?: Crc32 };
    const original = crc.buf;
    if (typeof original !== "function") return;
    const fast: Crc32 = (data, seed) => native(data, typeof seed === "number" ? seed >>> 0 : 0) | 0;
    const sample = Buffer.from('<row r="2"><c r="A2" t="str"><v>满意┋不满意 😀</v></c></row>', "utf8");
    const seeds: unknown[] = [undefined, 0, 0x1234abcd, -7, Buffer.alloc(4)];
    if (seeds.every((seed) => fast(sample, seed) === original(sample, seed))) crc.buf = fast;
  } catch {
    // Another layout of exceljs's dependencies: its own crc-32 stays.
  }
}
