import { fail, messages, ResultCode } from "@wjgj/core";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../errors.ts";
import { API_PREFIX } from "./route.ts";

/**
 * The one place failures become envelopes. Business outcomes (AppError) answer HTTP 200 with their body
 * code, as the original client expects; transport failures keep their HTTP status; a 500 never carries
 * the error's own text.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(200).send(fail(error.code, error.message, error.data));
    }
    const status = error.statusCode ?? 500;
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
      return reply.status(413).send(fail(ResultCode.payloadTooLarge, messages.payloadTooLarge));
    }
    if (status >= 400 && status < 500) {
      const key = status === 415 ? "unsupportedMediaType" : "malformedBody";
      return reply.status(status).send(
        fail(ResultCode.invalidInput, messages[key], {
          errors: [{ field: "body", message: messages[key] }],
        }),
      );
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(fail(ResultCode.serverError, messages.serverError));
  });
}

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}
