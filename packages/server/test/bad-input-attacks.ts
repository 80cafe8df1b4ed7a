import type { z } from "zod";
import { InvalidInputError } from "../src/errors.ts";
import { checkedInput, type RouteInfo } from "../src/http/route.ts";

/**
 * The malformed-input classes of issue #24 point 9, generated from a route's zod schema: a plausible
 * value for every parameter (so one bad parameter at a time can reach past the others into the handler),
 * then bodies, queries and values that a careless client or an attacker sends.
 */

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** The named parameters a route's input reads, through pipes, defaults, unions and intersections. */
export function parametersOf(schema: z.ZodType, depth = 0): Record<string, z.ZodType> {
  const def = defOf(schema);
  if (depth > 8) return {};
  const inner = (s: z.ZodType | undefined) => (s ? parametersOf(s, depth + 1) : {});
  switch (def.type) {
    case "object":
      return { ...def.shape };
    case "pipe":
      return { ...inner(def.in), ...inner(def.out) };
    case "union":
      return Object.assign({}, ...(def.options ?? []).map((option) => inner(option)));
    case "intersection":
      return { ...inner(def.left), ...inner(def.right) };
    default:
      return inner(def.innerType);
  }
}

/** What the sweep's fixtures offer for parameters named like theirs. */
export interface Fixtures {
  questionnaireId: number;
  publicId: string;
  userId: number;
  definition: unknown;
  /** The answering page's token for the questionnaire, and a question of it that takes files. */
  answerToken: string;
  questionId: string;
}

function candidatesFor(name: string, fixtures: Fixtures): unknown[] {
  const byName: unknown[] = [];
  if (/publicId$/i.test(name)) byName.push(fixtures.publicId);
  if (/^(id|questionnaireId|questionaryId|qid|dcId)$/i.test(name)) byName.push(fixtures.questionnaireId);
  if (/user/i.test(name)) byName.push(fixtures.userId);
  if (/definition|content/i.test(name)) byName.push(fixtures.definition);
  if (/answerToken$/i.test(name)) byName.push(fixtures.answerToken);
  if (/^questionId$/i.test(name)) byName.push(fixtures.questionId);
  // Flags that ask for more rights (an official template, say) are off by default: a caller let in without
  // them still reaches the route's parameters.
  if (/^(official|featured|is[A-Z])/.test(name)) byName.push(false, "0");
  return [
    ...byName,
    "1",
    1,
    "13900000001",
    "a1b2c3d4",
    "测试",
    "2026-06-01",
    "2026-06-01 10:00:00",
    true,
    "https://example.com/a.png",
    [],
    {},
  ];
}

/** One value per parameter that its own schema accepts; parameters no candidate satisfies are left out. */
export function plausibleParams(schema: z.ZodType, fixtures: Fixtures): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(parametersOf(schema))) {
    const value = candidatesFor(name, fixtures).find((candidate) => field.safeParse(candidate).success);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/** 10,000 levels of a condition's `not`, and of plain arrays, as JSON text (built as text: no recursion). */
const DEEP_NOT = `${'{"kind":"not","condition":'.repeat(10_000)}{"kind":"selected","questionId":"q1","optionIds":["b"]}${"}".repeat(10_000)}`;
const DEEP_ARRAY = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;

/** Bad values for one parameter, as JSON text to splice into a body. */
export const BAD_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["nested 10,000 deep", DEEP_NOT],
  ["arrays nested 10,000 deep", DEEP_ARRAY],
  ["a number beyond double (1e309)", "1e309"],
  ["a huge negative number", "-1e308"],
  ["a number past 2^53", "9007199254740993"],
  ["NaN as text", '"NaN"'],
  ["Infinity as text", '"Infinity"'],
  ["a 100 kB string", JSON.stringify("问".repeat(34_000))],
  ["NUL and RTL characters", JSON.stringify("a\u0000b\u202eexe.png\u200f\u0000")],
  ["a prototype-shaped object", '{"constructor":"x","toString":1,"valueOf":[],"hasOwnProperty":null}'],
  ["a list", '["a",1,null]'],
  ["null", "null"],
];

/** Bad values for one parameter in a query string. */
export const BAD_QUERY_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["a 100 kB string", "x".repeat(100_000)],
  ["NUL and RTL characters", "a%00b%E2%80%AEexe.png"],
  ["a number beyond double", `1${"0".repeat(400)}`],
  ["NaN", "NaN"],
  ["-Infinity", "-Infinity"],
  ["broken percent-encoding", "%E4%BD"],
];

export interface Attempt {
  name: string;
  method: "GET" | "POST";
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
  /**
   * Refused by the HTTP layer (Fastify reading, decoding or parsing the body) before any route runs, whatever the
   * route: answered with a 4xx status, where a route's own answers are 200 with the code in the envelope.
   */
  beforeRoute?: boolean;
}

function queryOf(params: Record<string, unknown>): string {
  return Object.entries(params)
    .map(([key, value]) => {
      const text = typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
      return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
    })
    .join("&");
}

/** The JSON body of `params` with the parameter `key` replaced by raw JSON text. */
function jsonWith(params: Record<string, unknown>, key: string, rawValue: string): string {
  const rest = { ...params };
  delete rest[key];
  const others = JSON.stringify(rest).slice(1, -1);
  return `{${others}${others ? "," : ""}${JSON.stringify(key)}:${rawValue}}`;
}

const PNG_SIGNATURE = Buffer.from("89504e470d0a1a0a", "hex");

function multipartOf(params: Record<string, unknown>, boundary: string, file: Buffer): Buffer {
  const parts = Object.entries(params)
    .filter(([, value]) => typeof value !== "object" || value === null)
    .map(
      ([key, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${String(value)}\r\n`,
    );
  return Buffer.concat([
    Buffer.from(parts.join("")),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

/**
 * Whole-request attacks on one route: broken bodies of every content type, prototype keys, duplicated
 * query keys, a 20 KB URL, a mismatched Content-Length, truncated files. Most carry the plausible
 * parameters too, so what still parses reaches the handler.
 */
export function requestAttacks(method: "GET" | "POST", params: Record<string, unknown>): Attempt[] {
  const query = queryOf(params);
  const json = JSON.stringify(params);
  const boundary = "SweepBoundary42";
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const whole = multipartOf(params, boundary, PNG_SIGNATURE);
  const attempts: Attempt[] = [
    {
      name: "prototype keys in the query",
      method,
      query: `${query}&__proto__[admin]=1&constructor[prototype][x]=1&__proto__=1`,
    },
    { name: "every query key twice", method, query: `${query}&${query}` },
    { name: "a 20 KB URL", method, query: `${query}&pad=${"a".repeat(20_000)}` },
  ];
  if (method === "GET") return attempts;
  const body = (name: string, type: string | undefined, payload: string | Buffer, extra = {}): Attempt => ({
    name,
    method,
    headers: { ...(type ? { "content-type": type } : {}), ...extra },
    payload,
  });
  const refused = (attempt: Attempt): Attempt => ({ ...attempt, beforeRoute: true });
  return [
    ...attempts,
    refused(body("multipart without a boundary", "multipart/form-data", whole)),
    refused(
      body("multipart cut off halfway", multipartType, whole.subarray(0, Math.floor(whole.length / 2))),
    ),
    refused(body("multipart cut off before its end", multipartType, whole.subarray(0, whole.length - 12))),
    body("multipart with a truncated PNG", multipartType, whole),
    refused(body("invalid JSON", "application/json", json.slice(0, -1) || "{")),
    body("a JSON body that is a string", "application/json", JSON.stringify(json)),
    body("a JSON array nested 10,000 deep", "application/json", DEEP_ARRAY),
    refused(body("__proto__ in JSON", "application/json", `{"__proto__":{"admin":true},${json.slice(1)}`)),
    refused(
      body(
        "constructor.prototype in JSON",
        "application/json",
        `{"constructor":{"prototype":{"x":1}},${json.slice(1)}`,
      ),
    ),
    body("JSON sent as text/plain", "text/plain", json),
    refused(body("JSON sent as XML", "application/xml", json)),
    refused(body("a body without a content type", undefined, json)),
    body("a form body that is no form", "application/x-www-form-urlencoded", "%%%&&==%E4"),
    refused(
      body("a Content-Length too long", "application/json", json, {
        "content-length": String(json.length + 40),
      }),
    ),
    refused(body("a Content-Length too short", "application/json", json, { "content-length": "1" })),
    refused(body("a gzip body that is not gzip", "application/json", json, { "content-encoding": "gzip" })),
  ];
}

/** JSON paths of the objects inside a plausible value (the value itself excluded), depth first. */
function objectPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value);
  return entries.flatMap(([key, item]) => {
    const path = [...prefix, key];
    const nested = objectPaths(item, path);
    return typeof item === "object" && item !== null && !Array.isArray(item) ? [path, ...nested] : nested;
  });
}

const DEEP_MARK = "__sweep_deep__";

/**
 * A plausible object parameter (a questionnaire definition, a filter) with one of its inner objects
 * replaced by a condition nested 10,000 deep: the shape around it stays valid, so the deep part reaches
 * whatever walks it (a `showIf`, a jump or option condition), not only the outer schema.
 */
export function deepInsideAttacks(
  method: "GET" | "POST",
  params: Record<string, unknown>,
  key: string,
  limit = 16,
): Attempt[] {
  const value = params[key];
  if (method !== "POST" || typeof value !== "object" || value === null) return [];
  return objectPaths(value)
    .slice(0, limit)
    .map((path) => {
      const copy = structuredClone(value) as Record<string | number, unknown>;
      let node = copy;
      for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
      node[path[path.length - 1] as string | number] = DEEP_MARK;
      const text = JSON.stringify(copy).replace(JSON.stringify(DEEP_MARK), DEEP_NOT);
      return {
        name: `${key}.${path.join(".")}: nested 10,000 deep`,
        method,
        headers: { "content-type": "application/json" },
        payload: jsonWith(params, key, text),
      };
    });
}

/** One bad value in one parameter, the others plausible: as JSON for POST routes, in the query for GET. */
export function parameterAttacks(
  method: "GET" | "POST",
  params: Record<string, unknown>,
  key: string,
  pick: (values: ReadonlyArray<readonly [string, string]>) => ReadonlyArray<readonly [string, string]>,
): Attempt[] {
  if (method === "GET") {
    const rest = { ...params };
    delete rest[key];
    const others = queryOf(rest);
    return pick(BAD_QUERY_VALUES).map(([name, value]) => ({
      name: `${key}: ${name}`,
      method,
      query: `${others}${others ? "&" : ""}${encodeURIComponent(key)}=${value}`,
    }));
  }
  return pick(BAD_VALUES).map(([name, raw]) => ({
    name: `${key}: ${name}`,
    method,
    headers: { "content-type": "application/json" },
    payload: jsonWith(params, key, raw),
  }));
}

/** A parameter left out of the request. */
export const MISSING = Symbol("missing");

/** One field attack and the value the route's schema will see for that field (or `MISSING`). */
export interface FieldAttempt extends Attempt {
  value: unknown;
}

/** Wrong types, wrong shapes and oversized values as JSON text, each with the value it decodes to. */
const FIELD_JSON_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["null", "null"],
  ["an empty string", '""'],
  ["text", '"abc"'],
  ["a fraction", "1.5"],
  ["a negative number", "-1"],
  ["a boolean", "true"],
  ["an object", '{"a":1}'],
  ["a list", "[1]"],
  ["a number past 2^53 as text", '"9007199254740993"'],
  ["a number beyond double", "1e309"],
  ["a 100 kB string", JSON.stringify("问".repeat(34_000))],
  ["NUL and RTL characters", JSON.stringify("a\u0000b\u202e")],
];

/** The same in a form body or query string, where every value is text. */
const FIELD_TEXT_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["an empty value", ""],
  ["text", "abc"],
  ["a fraction", "1.5"],
  ["a negative number", "-1"],
  ["a number past 2^53", "9007199254740993"],
  ["a 100 kB value", "9".repeat(100_000)],
  ["NUL and RTL characters", "a\u0000b\u202e"],
];

/**
 * Every way one parameter can be wrong while the others stay plausible: left out, wrongly typed,
 * malformed or oversized, sent as the original client sends it (query for GET; JSON and form for POST).
 */
export function fieldAttacks(
  method: "GET" | "POST",
  params: Record<string, unknown>,
  key: string,
): FieldAttempt[] {
  const rest = { ...params };
  delete rest[key];
  const others = queryOf(rest);
  const withText = (value: string) =>
    `${others}${others ? "&" : ""}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  const form = { "content-type": "application/x-www-form-urlencoded" };
  const missing: FieldAttempt =
    method === "GET"
      ? { name: `${key}: missing`, method, query: others, value: MISSING }
      : {
          name: `${key}: missing`,
          method,
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(rest),
          value: MISSING,
        };
  const texts = FIELD_TEXT_VALUES.map(
    ([name, value]): FieldAttempt =>
      method === "GET"
        ? { name: `${key}: ${name}`, method, query: withText(value), value }
        : { name: `${key}: ${name} in a form`, method, headers: form, payload: withText(value), value },
  );
  if (method === "GET") return [missing, ...texts];
  const json = FIELD_JSON_VALUES.map(
    ([name, raw]): FieldAttempt => ({
      name: `${key}: ${name}`,
      method,
      headers: { "content-type": "application/json" },
      payload: jsonWith(params, key, raw),
      value: JSON.parse(raw),
    }),
  );
  return [missing, ...json, ...texts];
}

/** Values of the wrong type or shape for a parameter, as JSON text (the strict pass below). */
export const WRONG_TYPED_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["an empty string", '""'],
  ["only spaces", '"   "'],
  ["a boolean", "true"],
  ["an object", '{"value":1}'],
  ["a negative number", "-1"],
  ["a fraction", "1.5"],
  ["zero", "0"],
  ["a number as wide as 30 digits", "123456789012345678901234567890"],
  ["a 300-character string", JSON.stringify("长".repeat(300))],
];

/** The same for a query string (every value there is text). */
export const WRONG_TYPED_QUERY_VALUES: ReadonlyArray<readonly [string, string]> = [
  ["only spaces", "%20%20%20"],
  ["an object's text", "%5Bobject%20Object%5D"],
  ["a negative number", "-1"],
  ["a fraction", "1.5"],
  ["a JSON object", "%7B%22a%22%3A1%7D"],
  ["a 300-character string", "x".repeat(300)],
];

/**
 * The strict pass for named calls (statistics/startRescore, admin/order/*): for one parameter, every bad
 * value of the sweep plus the wrong-typed ones, and the parameter left out; as JSON (and form for POST),
 * or in the query for GET. `bad` says whether the value must be refused (false: leaving out an optional
 * parameter, which may be answered normally).
 */
export function strictParameterAttacks(
  method: "GET" | "POST",
  params: Record<string, unknown>,
  key: string,
  kind: { required: boolean; freeText: boolean },
): Array<Attempt & { bad: boolean }> {
  const { required, freeText } = kind;
  const rest = { ...params };
  delete rest[key];
  const missing: Attempt = {
    name: `${key}: left out`,
    method,
    ...(method === "GET"
      ? { query: queryOf(rest) }
      : { headers: { "content-type": "application/json" }, payload: JSON.stringify(rest) }),
  };
  const values = [
    ...parameterAttacks(method, params, key, () =>
      method === "GET"
        ? [...BAD_QUERY_VALUES, ...WRONG_TYPED_QUERY_VALUES]
        : [...BAD_VALUES, ...WRONG_TYPED_VALUES],
    ),
  ];
  if (method === "POST") {
    // The browser client posts forms: the same wrong values as form fields.
    for (const [name, raw] of [
      ["an empty form field", ""],
      ["a 100 kB form field", "问".repeat(34_000)],
      ["a form field with NUL", "a\u0000b"],
    ] as const) {
      values.push({
        name: `${key} (form): ${name}`,
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: `${queryOf(rest)}${Object.keys(rest).length ? "&" : ""}${encodeURIComponent(key)}=${encodeURIComponent(raw)}`,
      });
    }
  }
  // A blank optional parameter counts as left out (blankAsAbsent); "NaN" is a fine name or reason.
  const blank = /empty|only spaces/;
  const wordy = /NaN as text|Infinity as text/;
  return [
    { ...missing, bad: required },
    ...values.map((attempt) => ({
      ...attempt,
      bad: (required || !blank.test(attempt.name)) && !(freeText && wordy.test(attempt.name)),
    })),
  ];
}

/**
 * CI's second pass (PostgreSQL, WJGJ_SKIP_DATABASE_FREE=1 in .ci/run) leaves out the bad-input requests refused
 * before a route's handler runs: those the HTTP layer refuses (`Attempt.beforeRoute`) reach no database at all, and
 * those a route's own checks refuse (`refusalBeforeHandler`) only read the caller's session, as every other request
 * does. On a second database they would repeat the first pass's checks of the HTTP layer and the schemas (about
 * seven in ten of the sweep's requests). The first pass sends them all and checks that each is refused exactly as
 * foreseen, so what the second pass relies on is itself tested in every run.
 */
const SKIP_REFUSED_BEFORE_HANDLER = process.env.WJGJ_SKIP_DATABASE_FREE === "1";

/**
 * The refusal a request whose whole input is this JSON body (`application/json`, no query string) gets from the
 * checks every route makes before its handler (route.ts `checkedInput`), or null when it passes them. Null too
 * when the body is no JSON object: what the app then answers is left to the app.
 */
function refusalBeforeHandler(route: RouteInfo, payload: unknown): InvalidInputError | null {
  if (typeof payload !== "string") return null;
  let params: unknown;
  try {
    params = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof params !== "object" || params === null || Array.isArray(params)) return null;
  try {
    checkedInput(route.input, params as Record<string, unknown>);
    return null;
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
}

/** What a bad-input attempt is foreseen to get before its handler, and whether this pass sends it at all. */
export interface Forecast {
  /** Refused by the HTTP layer (`Attempt.beforeRoute`): a 4xx status. */
  beforeRoute: boolean;
  /** The refusal of the route's own checks, for a JSON body read as sent; null when none is foreseen. */
  refusal: InvalidInputError | null;
  /** Refused before any handler and left out on this pass (SKIP_REFUSED_BEFORE_HANDLER). */
  skip: boolean;
}

/** The forecast for one attempt on `route`; `contentType` is the one it is sent with. */
export function forecastOf(
  route: RouteInfo,
  attempt: { payload?: string | Buffer; query?: string; beforeRoute?: boolean },
  contentType: string | undefined,
): Forecast {
  const beforeRoute = attempt.beforeRoute === true;
  const refusal =
    !beforeRoute && contentType === "application/json" && attempt.query === undefined
      ? refusalBeforeHandler(route, attempt.payload)
      : null;
  return { beforeRoute, refusal, skip: (beforeRoute || refusal !== null) && SKIP_REFUSED_BEFORE_HANDLER };
}

/**
 * What is wrong with the app's answer (`status`, `body`) to an attempt given its forecast: null when it was refused
 * as foreseen (a 4xx before the route; exactly the route checks' envelope, error-handler.ts), or nothing was.
 */
export function unforeseenAnswer(forecast: Forecast, status: number, body: string): string | null {
  if (forecast.beforeRoute && !(status >= 400 && status < 500))
    return `HTTP ${status}, not refused before the route`;
  return forecast.refusal ? unforeseenRefusal(forecast.refusal, body) : null;
}

function unforeseenRefusal(refusal: InvalidInputError, body: string): string | null {
  const expected = JSON.stringify({ code: refusal.code, msg: refusal.message, data: refusal.data });
  let actual: string;
  try {
    const { code, msg, data } = JSON.parse(body) as { code?: unknown; msg?: unknown; data?: unknown };
    actual = JSON.stringify({ code, msg, data });
  } catch {
    actual = body.slice(0, 120);
  }
  return actual === expected ? null : `foreseen ${expected.slice(0, 160)}, answered ${actual.slice(0, 160)}`;
}
