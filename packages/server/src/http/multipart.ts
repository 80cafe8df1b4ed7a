import multipart, { type MultipartFile } from "@fastify/multipart";
import type { FastifyInstance } from "fastify";

/** The largest single upload any question may allow; per-question limits are checked after. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/**
 * multipart/form-data bodies become plain objects like the other body types: fields as their text,
 * the file as `{ filename, data }` (buffered; the size cap ends the request with 413 beyond it).
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20, fieldSize: 10_000 },
    async onFile(part: MultipartFile) {
      const data = await part.toBuffer();
      (part as unknown as { value: unknown }).value = { filename: part.filename, data };
    },
  });
}
