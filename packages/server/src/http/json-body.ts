import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Requests whose JSON body was read as text holding no `\u0000` escape. JSON cannot carry a NUL character
 * any other way (a raw control character is a parse error), so no text or key parsed from such a body holds
 * one, and route.ts checks only the query string for them. (`\\u0000`, an escaped backslash, is a false alarm
 * that costs the full check, never a miss.)
 */
const nulFreeBodies = new WeakSet<FastifyRequest>();

/** Whether the request's JSON body certainly holds no NUL character. */
export const jsonBodyIsNulFree = (request: FastifyRequest): boolean => nulFreeBodies.has(request);

/**
 * Fastify's own JSON parser (the same `__proto__` and `constructor` refusals as its default), behind a look
 * at the text for NUL escapes. Every JSON call reads a body: the look spares the route a walk of every parsed
 * value (a 50-question submit holds some 150).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    // Read as a string (parseAs): the Buffer case of the signature never comes.
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (!text.includes("\\u0000")) nulFreeBodies.add(request);
    parse(request, text, done);
  });
}
