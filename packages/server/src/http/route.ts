import { type MessageKey, messages, ok } from "@wjgj/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { isRequestParamUsed } from "../commands/account/other-platform-login.ts";
import { resolveSession } from "../commands/account/sessions.ts";
import type { AppContext } from "../context.ts";
import { ForbiddenError, InvalidInputError, NotLoggedInError, OtherLoginRequiredError } from "../errors.ts";
import { type Action, allow } from "../policies/index.ts";
import { jsonBodyIsNulFree } from "./json-body.ts";
import { zodIssuesToFieldErrors } from "./params.ts";
import type { Viewer } from "./viewer.ts";

export const API_PREFIX = "/wjgj/api";

/** `public`: anyone; `optional`: anyone, with the viewer when a valid token came; otherwise a policy. */
type Access = "public" | "optional" | Action;

export interface Call<I, V> {
  input: I;
  viewer: V;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's address (behind a proxy only when TRUST_PROXY is on). */
  ip: string;
  /** The `fromType` header, default 1 (seed §7). */
  fromType: number;
}

interface RouteSpec<S extends z.ZodType, A extends Access, R> {
  method: "GET" | "POST";
  /** `<module>/<action>` as in the seed, e.g. `user/sendCode`. */
  path: string;
  access: A;
  input: S;
  /** Bytes; for calls that carry whole questionnaires (the default is BODY_LIMIT_BYTES). */
  bodyLimit?: number;
  /** The `msg` of a successful answer, when the default 操作成功 says too little. */
  successMessage?: MessageKey;
  handler: (call: Call<z.output<S>, A extends "public" | "optional" ? Viewer | null : Viewer>) => Promise<R>;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() || undefined;
}

function fromTypeOf(request: FastifyRequest): number {
  const value = Number(header(request, "fromType"));
  return Number.isInteger(value) && value > 0 && value < 100 ? value : 1;
}

/** The query string's parameters, as Fastify parsed them. */
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;

/**
 * Parameters may come as query string, form-urlencoded body, JSON body or multipart fields (seed §7);
 * the route sees them as one object, body winning over query on a clash.
 */
function mergedParams(request: FastifyRequest): Record<string, unknown> {
  const query = queryOf(request);
  const body = request.body;
  if (body === undefined || body === null || body === "") return { ...query };
  if (typeof body !== "object" || Array.isArray(body)) {
    throw InvalidInputError.field("body", "malformedBody");
  }
  return { ...query, ...(body as Record<string, unknown>) };
}

/**
 * The path of the first text (value or key) holding a NUL character, or null. No field of the product
 * takes one, and PostgreSQL cannot store it in text (it fails the whole statement): refused here for every
 * route at once, however deep. Walked without recursion, so nesting cannot overflow the stack; files
 * (Buffers) are bytes, not text, and are not looked into.
 */
export function nulCharacterPath(params: Record<string, unknown>): string | null {
  // Nearly every request holds none: a first look allocates nothing, and only a NUL (or nesting too deep for
  // it) takes the walk below, which spells the path.
  if (!mayHoldNul(params, 0)) return null;
  // Each entry names its key and its parent's entry: the dotted path is spelled only for a NUL found.
  type Entry = { value: unknown; key: string; parent: Entry | null };
  const pathOf = (entry: Entry) => {
    const keys: string[] = [];
    for (let at: Entry | null = entry; at?.parent; at = at.parent) keys.push(at.key);
    return keys.reverse().join(".");
  };
  const stack: Entry[] = [{ value: params, key: "", parent: null }];
  while (stack.length > 0) {
    const entry = stack.pop() as Entry;
    const { value } = entry;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return pathOf(entry) || "params";
    } else if (typeof value === "object" && value !== null && !Buffer.isBuffer(value)) {
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const item: Entry = { value: (value as Record<string, unknown>)[key], key, parent: entry };
        if (key.includes("\u0000")) return pathOf(item);
        stack.push(item);
      }
    }
  }
  return null;
}

/** Nesting the first look follows by recursion; deeper values are left to the walk (no stack to overflow). */
const NUL_LOOK_DEPTH = 32;

/** Whether `value` may hold a NUL in a text or key: false only when it certainly holds none. */
function mayHoldNul(value: unknown, depth: number): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (typeof value !== "object" || value === null || Buffer.isBuffer(value)) return false;
  if (depth === NUL_LOOK_DEPTH) return true;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes("\u0000") || mayHoldNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

async function viewerFor(ctx: AppContext, request: FastifyRequest, access: Access): Promise<Viewer | null> {
  const token = header(request, "token");
  const viewer = token ? await resolveSession(ctx.db, ctx.clock, token) : null;
  if (access === "public" || access === "optional") return viewer;
  if (!viewer) {
    // A partner platform's user arrives with its signed requestParam: ask the client to exchange it (§4),
    // unless that requestParam was spent already; then only a fresh login helps.
    const requestParam = header(request, "requestParam");
    if (requestParam && !(await isRequestParamUsed(ctx.db, requestParam)))
      throw new OtherLoginRequiredError();
    throw new NotLoggedInError();
  }
  if (viewer.user.status !== "active") throw new ForbiddenError("accountDisabled");
  if (!allow(viewer, access)) throw new ForbiddenError();
  return viewer;
}

/**
 * What every route checks of its parameters before its handler runs: no NUL character in any text or key of
 * `nulScope` (the parameters, or only what may still hold one: see json-body.ts), then its input schema. Answers
 * the schema's output or throws the refusal. The bad-input sweep asks it too, to tell which requests never reach
 * a handler (test/bad-input-attacks.ts refusalBeforeHandler).
 */
export function checkedInput<S extends z.ZodType>(
  schema: S,
  params: Record<string, unknown>,
  nulScope: Record<string, unknown> = params,
): z.output<S> {
  const nulAt = nulCharacterPath(nulScope);
  if (nulAt) throw InvalidInputError.field(nulAt, "controlChars");
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw new InvalidInputError(zodIssuesToFieldErrors(parsed.error));
  return parsed.data;
}

export interface RouteInfo {
  method: "GET" | "POST";
  path: string;
  access: Access;
  input: z.ZodType;
  bodyLimit: number | undefined;
}

const registry = new WeakMap<FastifyInstance, RouteInfo[]>();

/** Every call an app declared, for tests that sweep all routes and for documentation. */
export function apiRoutesOf(app: FastifyInstance): readonly RouteInfo[] {
  return registry.get(app) ?? [];
}

/** Declares one `/wjgj/api/<module>/<action>` call: access policy, input schema, thin handler. */
export function defineRoute<S extends z.ZodType, A extends Access, R>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<S, A, R>,
): void {
  const routes = registry.get(app) ?? [];
  routes.push({
    method: spec.method,
    path: spec.path,
    access: spec.access,
    input: spec.input,
    bodyLimit: spec.bodyLimit,
  });
  registry.set(app, routes);
  app.route({
    method: spec.method,
    url: `${API_PREFIX}/${spec.path}`,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    handler: async (request, reply) => {
      const viewer = await viewerFor(ctx, request, spec.access);
      const params = mergedParams(request);
      // A JSON body read as text was looked at for NUL escapes already (json-body.ts): only the query is left.
      const input = checkedInput(spec.input, params, jsonBodyIsNulFree(request) ? queryOf(request) : params);
      const data = await spec.handler({
        input,
        viewer: viewer as Viewer,
        ctx,
        request,
        reply,
        ip: request.ip,
        fromType: fromTypeOf(request),
      });
      return ok(data ?? null, messages[spec.successMessage ?? "ok"]);
    },
  });
}
