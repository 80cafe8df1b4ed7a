import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
import type { FastifyInstance } from "fastify";
import secureJson from "secure-json-parse";
import { MalformedBodyError } from "./error-handler.ts";

/** The largest single upload any question may allow; per-question limits are checked after. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** At most one file, 20 fields of 10,000 bytes: the whole body stays bounded without a byte count of its own. */
const LIMITS = { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 };

/** A part beyond the limits: answered 413 like any body too large (error-handler.ts). */
class MultipartTooLargeError extends Error {
  readonly statusCode = 413;
  readonly code = "WJGJ_MULTIPART_TOO_LARGE";
  constructor(what: string) {
    super(`multipart body too large: ${what}`);
    this.name = "MultipartTooLargeError";
  }
}

type Body = Record<string, unknown>;

/** A repeated name becomes a list (routes refuse it). */
function put(body: Body, name: string, value: unknown): void {
  const earlier = body[name];
  body[name] =
    earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
}

/**
 * Reads a whole multipart/form-data body: fields as their text (a field sent as application/json as its
 * parsed value), the file as `{ filename, data }`. A part beyond the limits fails with 413; a body that is
 * not multipart, cut off before its end, or naming a field after a prototype property fails with 400. An
 * empty body is an empty form.
 */
export function readMultipart(headers: IncomingHttpHeaders, payload: Readable): Promise<Body> {
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({ headers: headers as { "content-type": string }, limits: LIMITS });
    } catch (error) {
      reject(new MalformedBodyError(error instanceof Error ? error.message : String(error)));
      return;
    }
    const body: Body = {};
    // Files still being read: the body is whole when the parser finished and these are in.
    const reading = new Set<Promise<void>>();
    let sawData = false;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      payload.unpipe(parser);
      // The rest of the request is read and dropped, so the answer reaches a client still sending.
      payload.resume();
      reject(error);
    };
    const refusedName = (name: string) => {
      if (!(name in Object.prototype)) return false;
      fail(new MalformedBodyError(`field name ${name} is not allowed`));
      return true;
    };
    parser.on("field", (name, value, _nameTruncated, valueTruncated, _encoding, mimeType) => {
      if (settled || refusedName(name)) return;
      if (valueTruncated) return fail(new MultipartTooLargeError(`field ${name}`));
      if (!mimeType.startsWith("application/json")) return put(body, name, value);
      try {
        put(body, name, secureJson.parse(value));
      } catch {
        fail(new MalformedBodyError(`field ${name} is not JSON`));
      }
    });
    parser.on("file", (name, stream, filename) => {
      if (settled || refusedName(name)) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const done = new Promise<void>((fileDone) => {
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("limit", () => fail(new MultipartTooLargeError(`file ${name}`)));
        stream.on("error", (error) => fail(new MalformedBodyError(error.message)));
        stream.on("end", () => {
          if (!stream.truncated) put(body, name, { filename, data: Buffer.concat(chunks) });
          fileDone();
        });
      });
      reading.add(done);
    });
    parser.on("filesLimit", () => fail(new MultipartTooLargeError("files")));
    parser.on("fieldsLimit", () => fail(new MultipartTooLargeError("fields")));
    parser.on("partsLimit", () => fail(new MultipartTooLargeError("parts")));
    parser.on("error", (error: Error) => {
      if (!sawData && error.message === "Unexpected end of multipart data") {
        if (!settled) {
          settled = true;
          resolve(body);
        }
        return;
      }
      fail(new MalformedBodyError(error.message));
    });
    parser.on("finish", () => {
      void Promise.all(reading).then(() => {
        if (settled) return;
        settled = true;
        resolve(body);
      });
    });
    payload.once("data", () => {
      sawData = true;
    });
    payload.on("error", (error) => fail(new MalformedBodyError(error.message)));
    payload.on("aborted", () => fail(new MalformedBodyError("request aborted")));
    payload.pipe(parser);
  });
}

/**
 * multipart/form-data bodies become plain objects like the other body types, read by a content-type
 * parser of their own (buffered; the size caps end the request with 413 beyond them). A parser runs only
 * for the requests of its type: JSON and form submits carry no multipart hook at all.
 */
export function registerMultipart(app: FastifyInstance): void {
  app.addContentTypeParser("multipart/form-data", (request, payload, done) => {
    readMultipart(request.headers, payload).then(
      (body) => done(null, body),
      (error: Error) => done(error, undefined),
    );
  });
}
