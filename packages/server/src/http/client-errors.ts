import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { fail, type MessageKey, messages, ResultCode } from "@wjgj/core";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from "fastify";
import { replyClientError } from "./error-handler.ts";

interface ParserError extends Error {
  code?: string;
}

function parserFailure(error: ParserError): { status: number; code: number; key: MessageKey } {
  if (error.code === "HPE_HEADER_OVERFLOW") {
    return { status: 431, code: ResultCode.requestTooLong, key: "requestTooLong" };
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return { status: 408, code: ResultCode.requestTimeout, key: "requestTimeout" };
  }
  return { status: 400, code: ResultCode.invalidInput, key: "malformedRequest" };
}

/**
 * Node's HTTP parser refuses some requests before any route or hook runs: a URL or headers over 16 KB,
 * a body longer than its Content-Length (the rest reads as a broken next request), an invalid method.
 * The path is unknown then, so every such answer is the API envelope with a Chinese message, and the
 * connection closes as Node would close it. Logged at info level without a stack: it is the client's error.
 */
function handleParserError(this: FastifyInstance, error: ParserError, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const failure = parserFailure(error);
  this.log.info({ errorCode: error.code, statusCode: failure.status }, `client error: ${error.message}`);
  if (socket.writable) {
    const body = JSON.stringify(fail(failure.code, messages[failure.key]));
    socket.write(
      `HTTP/1.1 ${failure.status} ${STATUS_CODES[failure.status]}\r\n` +
        "Content-Type: application/json; charset=utf-8\r\n" +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        "Connection: close\r\n\r\n" +
        body,
    );
  }
  socket.destroy(error);
}

/** Fastify's own refusals before routing (a URL that is not valid percent-encoding) answer the envelope too. */
function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  replyClientError(error, request, reply);
}

/** The Fastify options that route transport-level refusals to the envelope (see buildApp). */
export const clientErrorOptions = {
  clientErrorHandler: handleParserError,
  frameworkErrors: handleFrameworkError,
} satisfies Pick<FastifyServerOptions, "clientErrorHandler" | "frameworkErrors">;
