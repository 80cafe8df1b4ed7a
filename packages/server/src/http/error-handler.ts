import { fail, type MessageKey, messages, ResultCode } from "@wjgj/core";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { API_PREFIX } from "./route.ts";

/**
 * A request body that cannot be read (a cut-off or boundary-less multipart body, a damaged stream).
 * Parsers throw their own errors without a status; this one carries 400 so the handler answers a client
 * error instead of a 500.
 */
export class MalformedBodyError extends Error {
  readonly statusCode = 400;
  readonly code = "WJGJ_MALFORMED_BODY";
  constructor(readonly reason: string) {
    super(`malformed body: ${reason}`);
    this.name = "MalformedBodyError";
  }
}

/** The Chinese message of a framework-level client error, by its stable code first, then by status. */
function clientErrorMessage(error: FastifyError, status: number): MessageKey {
  if (error.code === "FST_ERR_BAD_URL" || error.code === "FST_ERR_MAX_PARAM_LENGTH") return "malformedUrl";
  if (status === 415) return "unsupportedMediaType";
  return "malformedBody";
}

/**
 * Bad input is the client's fault, not ours: it is logged as one line at info level, without a stack
 * trace (a flood of malformed requests must not fill the error log).
 */
function logClientError(request: FastifyRequest, error: FastifyError, status: number): void {
  request.log.info({ errorCode: error.code, statusCode: status }, `client error: ${error.message}`);
}

/**
 * Answers a client error with the envelope, keeping its HTTP status. A body that cannot be parsed is HTTP
 * 400 (415 for a content type no route reads, 413 for one too large), with code 400 and the reason in
 * `data.errors` like any other invalid input.
 */
export function replyClientError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode ?? 400;
  logClientError(request, error, status);
  if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || status === 413) {
    return reply.status(413).send(fail(ResultCode.payloadTooLarge, messages.payloadTooLarge));
  }
  if (status === 404) return reply.status(404).send(fail(ResultCode.notFound, messages.notFound));
  const key = clientErrorMessage(error, status);
  return reply.status(status).send(
    fail(ResultCode.invalidInput, messages[key], {
      errors: [{ field: key === "malformedUrl" ? "url" : "body", message: messages[key] }],
    }),
  );
}

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
    if (status >= 400 && status < 500) return replyClientError(error, request, reply);
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(fail(ResultCode.serverError, messages.serverError));
  });
}

export function isApiPath(url: string): boolean {
  return url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);
}
