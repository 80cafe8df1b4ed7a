import { type ApiKeyScope, type MessageKey, messages, OPEN_API_PREFIX, type OpenApiError } from "@wjgj/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { checkApiKey, countCall, recordCall } from "../commands/open-api/keys.ts";
import type { AppContext } from "../context.ts";
import { AppError, InvalidInputError } from "../errors.ts";
import { siteOrigin } from "../http/page-html.ts";
import { zodIssuesToFieldErrors } from "../http/params.ts";
import { defineRoute, nulCharacterPath } from "../http/route.ts";
import type { Viewer } from "../http/viewer.ts";
import { openApiDocument } from "./document.ts";
import type { OpenMethod, OpenRouteInfo } from "./route-info.ts";

/** One documented route of the open API; the OpenAPI document is built from these same schemas. */
export interface OpenRouteSpec<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
> {
  method: OpenMethod;
  /** OpenAPI style, e.g. `/questionnaires/{id}/responses`. */
  path: string;
  scope: ApiKeyScope;
  tag: string;
  summary: string;
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** What a success answers (validated in tests by walking the document). */
  response: R;
  /** 200 unless the route creates (201) or starts something (202). */
  status?: 200 | 201 | 202;
  /** `file`: the route writes a download itself (documented as application/octet-stream). */
  responseType?: "json" | "file";
  handler: (call: {
    params: z.output<P>;
    query: z.output<Q>;
    body: z.output<B>;
    viewer: Viewer;
    ctx: AppContext;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<R>>;
}

const registry = new WeakMap<FastifyInstance, OpenRouteInfo[]>();

/** Every open-API route an app declared: the document and the test that walks it read this. */
export function openRoutesOf(app: FastifyInstance): readonly OpenRouteInfo[] {
  return registry.get(app) ?? [];
}

/** HTTP status and stable code of each failure the product raises (AppError's body code). */
const errorCodes: Record<number, { status: number; code: string }> = {
  400: { status: 400, code: "invalid_input" },
  402: { status: 402, code: "upgrade_required" },
  403: { status: 403, code: "forbidden" },
  404: { status: 404, code: "not_found" },
  409: { status: 409, code: "conflict" },
  413: { status: 413, code: "payload_too_large" },
  429: { status: 429, code: "rate_limited" },
  503: { status: 503, code: "preparing" },
};

export function errorBody(code: string, message: string, details?: OpenApiError["error"]["details"]) {
  return { error: { code, message, ...(details?.length ? { details } : {}) } } satisfies OpenApiError;
}

export class OpenApiAuthError extends Error {
  constructor(
    readonly status: 401 | 403 | 429,
    readonly code: string,
    readonly messageKey: MessageKey,
  ) {
    super(messages[messageKey]);
  }
}

const authFailures = {
  missing: { status: 401, code: "unauthorized", key: "apiKeyMissing" },
  invalid: { status: 401, code: "unauthorized", key: "apiKeyInvalid" },
  revoked: { status: 401, code: "key_revoked", key: "apiKeyRevoked" },
  expired: { status: 401, code: "key_expired", key: "apiKeyExpired" },
  accountDisabled: { status: 403, code: "account_disabled", key: "apiKeyAccountDisabled" },
} as const;

interface KeyedRequest {
  apiKeyId?: number;
  apiUserId?: number;
  apiStartedAt?: number;
}

function bearerKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Fastify's `:name` path from the documented `{name}` one. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

function parseOrThrow<S extends z.ZodType>(
  schema: S | undefined,
  value: unknown,
  where: string,
): z.output<S> {
  if (!schema) return undefined as z.output<S>;
  const source = value ?? {};
  const nulAt = typeof source === "object" ? nulCharacterPath(source as Record<string, unknown>) : null;
  if (nulAt) throw InvalidInputError.field(`${where}.${nulAt}`, "controlChars");
  const parsed = schema.safeParse(source);
  if (!parsed.success) throw new InvalidInputError(zodIssuesToFieldErrors(parsed.error));
  return parsed.data;
}

/**
 * Registers the open API under OPEN_API_PREFIX in a scope of its own: its errors answer HTTP statuses with
 * `{ error: { code, message } }` (not the product's envelope), every call needs a key with the route's scope,
 * is counted against the key's per-minute limit and written to the key's call log.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  ctx: AppContext,
  routes: (scope: OpenApiScope) => void,
): Promise<void> {
  const infos: OpenRouteInfo[] = [];
  registry.set(app, infos);
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error, request, reply) => {
        if (error instanceof OpenApiAuthError) {
          if (error.status === 401) reply.header("WWW-Authenticate", 'Bearer realm="wjgj"');
          if (error.status === 429) reply.header("Retry-After", "60");
          return reply.status(error.status).send(errorBody(error.code, error.message));
        }
        if (error instanceof AppError) {
          const mapped = errorCodes[error.code] ?? { status: 400, code: "invalid_input" };
          const data = error.data as { errors?: { field: string; message: string }[] } | null;
          return reply.status(mapped.status).send(errorBody(mapped.code, error.message, data?.errors));
        }
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        if (status === 413)
          return reply.status(413).send(errorBody("payload_too_large", messages.payloadTooLarge));
        if (status >= 400 && status < 500) {
          request.log.info({ statusCode: status }, "open api client error");
          return reply.status(400).send(errorBody("invalid_input", messages.malformedBody));
        }
        request.log.error({ err: error }, "unhandled error");
        return reply.status(500).send(errorBody("server_error", messages.serverError));
      });
      // A POST without a body (publish, stop) may still say it is JSON, as curl and most SDKs do.
      scope.removeContentTypeParser("application/json");
      scope.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
        const text = String(body);
        if (text.trim() === "") return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(Object.assign(new Error("malformed json"), { statusCode: 400 }), undefined);
        }
      });
      scope.setNotFoundHandler((_request, reply) =>
        reply.status(404).send(errorBody("not_found", messages.apiRouteNotFound)),
      );
      // The log of calls made with a key: every answer, refused ones included, once the key was known. It is
      // written after the answer went out; closing the app waits for the writes still under way, so the
      // database is not closed under the last ones (a shutdown would lose their lines).
      const logWrites = new Set<Promise<void>>();
      scope.addHook("onClose", async () => {
        // A response finished just before the close starts its write on the next turn.
        await new Promise((resolve) => setImmediate(resolve));
        while (logWrites.size > 0) await Promise.all(logWrites);
      });
      scope.addHook("onResponse", async (request, reply) => {
        const keyed = request as unknown as KeyedRequest;
        if (keyed.apiKeyId === undefined || keyed.apiUserId === undefined) return;
        const now = ctx.clock.now();
        const write = recordCall(
          ctx.db,
          {
            keyId: keyed.apiKeyId,
            userId: keyed.apiUserId,
            method: request.method,
            path: (request.url.split("?")[0] ?? "").slice(0, 300),
            status: reply.statusCode,
            ip: request.ip,
            durationMs: Math.round(reply.elapsedTime),
          },
          now,
        ).catch((error: unknown) => request.log.warn({ err: error }, "api call log failed"));
        logWrites.add(write);
        try {
          await write;
        } finally {
          logWrites.delete(write);
        }
      });
      routes({ app: scope, ctx, infos });
      // The document itself is public: anyone may read how to call the API.
      scope.get("/openapi.json", async (request, reply) =>
        reply
          .header("Cache-Control", "no-cache")
          .send(openApiDocument(infos, ctx.config.siteUrl ?? siteOrigin(request, ctx.config))),
      );
    },
    { prefix: OPEN_API_PREFIX },
  );
  // The same document for the site's 开放接口文档 page, which the server renders with its data.
  defineRoute(app, ctx, {
    method: "GET",
    path: "navigation/getOpenApiDoc",
    access: "public",
    input: z.object({}),
    // Rendered by the server for the page, where the request's own host is not the visitor's: the configured
    // address, or the path alone (relative to the site).
    handler: async () => openApiDocument(infos, ctx.config.siteUrl ?? ""),
  });
}

export interface OpenApiScope {
  app: FastifyInstance;
  ctx: AppContext;
  infos: OpenRouteInfo[];
}

/** The viewer a key acts as: its account, with no login session (id 0 matches no session row). */
function keyViewer(user: Viewer["user"]): Viewer {
  return {
    user,
    session: {
      id: 0,
      tokenHash: "",
      userId: user.id,
      fromType: 1,
      ip: "",
      userAgent: "",
      createdAt: "",
      expiresAt: "",
      revokedAt: null,
    },
  };
}

/** Authenticates the call's key, checks its scope and counts it against the per-minute limit. */
async function authenticate(ctx: AppContext, request: FastifyRequest, scope: ApiKeyScope): Promise<Viewer> {
  const now = ctx.clock.now();
  const check = await checkApiKey(ctx.db, bearerKey(request), now);
  if (!check.ok) {
    const failure = authFailures[check.reason];
    throw new OpenApiAuthError(failure.status, failure.code, failure.key);
  }
  const keyed = request as unknown as KeyedRequest;
  keyed.apiKeyId = check.key.id;
  keyed.apiUserId = check.user.id;
  if (!check.scopes.includes(scope))
    throw new OpenApiAuthError(403, "insufficient_scope", "apiKeyScopeMissing");
  const count = await countCall(ctx.db, check.key.id, now);
  if (count > ctx.config.openApiCallsPerMinute) {
    throw new OpenApiAuthError(429, "rate_limited", "apiKeyRateLimited");
  }
  return keyViewer(check.user);
}

export function defineOpenRoute<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  R extends z.ZodType,
>(scope: OpenApiScope, spec: OpenRouteSpec<P, Q, B, R>): void {
  const { app, ctx } = scope;
  scope.infos.push({
    method: spec.method,
    path: spec.path,
    scope: spec.scope,
    tag: spec.tag,
    summary: spec.summary,
    description: spec.description,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    response: spec.response,
    status: spec.status ?? 200,
    responseType: spec.responseType ?? "json",
  });
  app.route({
    method: spec.method,
    url: fastifyPath(spec.path),
    handler: async (request, reply) => {
      const viewer = await authenticate(ctx, request, spec.scope);
      const params = parseOrThrow(spec.params, request.params, "path");
      const query = parseOrThrow(spec.query, request.query, "query");
      const body = parseOrThrow(spec.body, request.body, "body");
      const result = await spec.handler({ params, query, body, viewer, ctx, request, reply });
      // A download wrote its answer itself (hijacked).
      if (reply.sent) return reply;
      return reply.status(spec.status ?? 200).send(result);
    },
  });
}
