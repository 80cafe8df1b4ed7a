import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { useNativeCrc32 } from "./native-crc32.ts";

describe("exceljs's checksums", () => {
  it("come from zlib's crc32 once asked for, with the values crc-32 gave", () => {
    let resolveFrom = createRequire(import.meta.url);
    for (const name of ["exceljs", "archiver", "zip-stream", "compress-commons", "crc32-stream"])
      resolveFrom = createRequire(resolveFrom.resolve(name));
    const crc = resolveFrom("crc-32") as { buf: (data: Uint8Array, seed?: unknown) => number };
    const data = Buffer.from('<row r="2"><c r="A2" t="str"><v>满意┋不满意</v></c></row>'.repeat(50));
    // As crc32-stream calls it: a Buffer as the first seed, then the previous checksum.
    const before = [
      crc.buf(data, Buffer.alloc(4)),
      crc.buf(data, 0x9abcdef0 | 0),
      crc.buf(data.subarray(0, 7)),
    ];
    useNativeCrc32();
    expect(crc.buf.name).toBe("fast");
    expect([
      crc.buf(data, Buffer.alloc(4)),
      crc.buf(data, 0x9abcdef0 | 0),
      crc.buf(data.subarray(0, 7)),
    ]).toEqual(before);
  });
});
