import { fail, messages, ok } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { AppContext } from "../context.ts";
import type { AppMetrics } from "./metrics.ts";

/** A check that hangs (a stalled database connection) counts as failed after this long. */
const CHECK_TIMEOUT_MS = 3000;

async function probe(check: () => Promise<unknown>): Promise<"ok" | "failed"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "ok";
  } catch {
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For load balancers and monitoring: /healthz (the process answers), /readyz (the database and the file
 * storage answer too; 503 otherwise, and while the server is closing) and /metrics (Prometheus text).
 * None needs a login: keep /metrics off the public internet at the proxy (the nginx example does).
 */
export function registerOperations(app: FastifyInstance, ctx: AppContext, metrics: AppMetrics): void {
  // Draining: a response finished while the server closes tells its client to hang up, so the kept-alive
  // connection ends with it instead of holding app.close() until the 72 s keep-alive timeout.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("Connection", "close");
  });

  app.get("/healthz", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return ok({ status: "ok" });
  });

  app.get("/readyz", async (_request, reply) => {
    const [database, storage] = await Promise.all([
      probe(() => sql`select 1`.execute(ctx.db)),
      probe(() => ctx.storage.check()),
    ]);
    reply.header("Cache-Control", "no-store");
    const data = { database, storage };
    if (database === "ok" && storage === "ok") return ok(data);
    return reply.status(503).send(fail(503, messages.notReady, data));
  });

  app.get("/metrics", async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.header("Cache-Control", "no-store").type(metrics.registry.contentType).send(text);
  });
}
