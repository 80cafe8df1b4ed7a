import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, readMultipart } from "./multipart.ts";

const BOUNDARY = "XyZ";
const headers = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };

/** A multipart body of the given parts (a part with `filename` is a file). */
function body(
  parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : "";
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** The body as a request stream, in small chunks by default (parts split across reads). */
function stream(bytes: Buffer, size = 7): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return Readable.from(pieces, { objectMode: false });
}

const statusOf = (error: unknown) => (error as { statusCode?: number }).statusCode;

describe("multipart bodies", () => {
  it("reads fields as text, JSON fields as values, the file as its bytes, repeated names as a list", async () => {
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const read = await readMultipart(
      headers,
      stream(
        body([
          { name: "phone", value: "13900000000" },
          { name: "title", value: "满意度调查" },
          { name: "answers", value: '{"q1":{"optionId":"o1"}}', type: "application/json" },
          { name: "tag", value: "a" },
          { name: "tag", value: "b" },
          { name: "file", value: data, filename: "图片.png", type: "image/png" },
        ]),
      ),
    );
    expect(read).toEqual({
      phone: "13900000000",
      title: "满意度调查",
      answers: { q1: { optionId: "o1" } },
      tag: ["a", "b"],
      file: { filename: "图片.png", data },
    });
  });

  it("reads an empty body as an empty form", async () => {
    expect(await readMultipart(headers, stream(Buffer.alloc(0)))).toEqual({});
  });

  it("refuses with 413 a second file, a 21st field, a field over 10,000 bytes and a file over the cap", async () => {
    const cases = [
      body([
        { name: "a", value: "1", filename: "a.txt" },
        { name: "b", value: "2", filename: "b.txt" },
      ]),
      body(Array.from({ length: 21 }, (_, i) => ({ name: `f${i}`, value: "x" }))),
      body([{ name: "note", value: "字".repeat(4000) }]),
      body([{ name: "file", value: Buffer.alloc(MAX_UPLOAD_BYTES + 1), filename: "big.bin" }]),
    ];
    for (const bytes of cases) {
      const error = await readMultipart(headers, stream(bytes, 64 * 1024)).catch((e: unknown) => e);
      expect(statusOf(error)).toBe(413);
    }
  });

  it("refuses with 400 a body cut off, no multipart at all, no boundary, bad JSON and prototype names", async () => {
    const whole = body([{ name: "phone", value: "13900000000" }]);
    const cases: Array<[Record<string, string>, Buffer]> = [
      [headers, whole.subarray(0, whole.length - 12)],
      [headers, Buffer.from("hello")],
      [{ "content-type": "multipart/form-data" }, whole],
      [headers, body([{ name: "answers", value: "{oops", type: "application/json" }])],
      [headers, body([{ name: "__proto__", value: "x" }])],
      [headers, body([{ name: "constructor", value: "x", filename: "c.txt" }])],
    ];
    for (const [given, bytes] of cases) {
      const error = await readMultipart(given, stream(bytes)).catch((e: unknown) => e);
      expect(statusOf(error), bytes.toString("latin1").slice(0, 60)).toBe(400);
    }
  });
});
