import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { MalformedBodyError } from "./error-handler.ts";

/** The largest single upload any question may allow; per-question limits are checked after. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

function statusOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" ? status : undefined;
}

/** Fields as their text, the file as `{ filename, data }`; a repeated name becomes a list (routes refuse it). */
async function readParts(request: FastifyRequest): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    const value =
      part.type === "file" ? { filename: part.filename, data: await part.toBuffer() } : part.value;
    const earlier = body[part.fieldname];
    body[part.fieldname] =
      earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return body;
}

/**
 * multipart/form-data bodies become plain objects like the other body types (buffered; the size caps
 * end the request with 413 beyond them). A body the parser cannot read — no boundary, cut off before
 * its end, a damaged part — is the client's error: 400, never the parser's own exception as a 500.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
  });
  app.addHook("preValidation", async (request) => {
    if (!request.isMultipart()) return;
    try {
      request.body = await readParts(request);
    } catch (error) {
      if (statusOf(error) === 413) throw error;
      throw new MalformedBodyError(error instanceof Error ? error.message : String(error));
    }
  });
}
