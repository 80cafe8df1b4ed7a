import type { FastifyInstance } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../context.ts";

/** The database pool's counts (pg.Pool has them); SQLite has no pool. */
export interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface AppMetrics {
  registry: Registry;
  submitsStored: Counter;
}

const metricsByApp = new WeakMap<FastifyInstance, AppMetrics>();

/** The metrics of an app (the submit route counts its stored responses there). */
export function metricsOf(app: FastifyInstance): AppMetrics | undefined {
  return metricsByApp.get(app);
}

/**
 * Prometheus metrics of one app, on a registry of its own (tests build many apps in one process): requests
 * by route and status with their latency, stored submits, the export queue's depth and the age of its
 * oldest waiting job, and the database pool.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext, pool?: PoolCounts): AppMetrics {
  const registry = new Registry();
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests by route and status",
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "HTTP request latency by route and status",
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const submitsStored = new Counter({
    name: "wjgj_submits_stored_total",
    help: "Responses stored and acknowledged by anQuestion/questionAnswer",
    registers: [registry],
  });
  new Gauge({
    name: "wjgj_jobs_queue_depth",
    help: "Export jobs by status (queued or running)",
    labelNames: ["status"],
    registers: [registry],
    async collect() {
      const rows = await ctx.db
        .selectFrom("export_jobs")
        .select(["status", (eb) => eb.fn.countAll().as("count")])
        .where("status", "in", ["queued", "running"])
        .groupBy("status")
        .execute();
      this.reset();
      this.set({ status: "queued" }, 0);
      this.set({ status: "running" }, 0);
      for (const row of rows) this.set({ status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: "wjgj_jobs_oldest_queued_age_seconds",
    help: "Age of the oldest export job still waiting to run (0 when none waits)",
    registers: [registry],
    async collect() {
      const row = await ctx.db
        .selectFrom("export_jobs")
        .select((eb) => eb.fn.min("createdAt").as("oldest"))
        .where("status", "=", "queued")
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
      this.set(Number.isNaN(oldest) ? 0 : Math.max(0, (ctx.clock.now().getTime() - oldest) / 1000));
    },
  });
  // The shared queue (every kind of job, all instances): what waits, what runs, and how late the oldest
  // due job is — a growing age means no instance is taking work.
  new Gauge({
    name: "wjgj_queue_jobs",
    help: "Jobs of the shared queue by kind and status (queued, running, failed)",
    labelNames: ["kind", "status"],
    registers: [registry],
    async collect() {
      const rows = await ctx.db
        .selectFrom("jobs")
        .select(["kind", "status", (eb) => eb.fn.countAll().as("count")])
        .groupBy(["kind", "status"])
        .execute();
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: "wjgj_queue_oldest_due_age_seconds",
    help: "How long the oldest due job of the shared queue has waited to be taken (0 when none waits)",
    registers: [registry],
    async collect() {
      const now = ctx.clock.now();
      const row = await ctx.db
        .selectFrom("jobs")
        .select((eb) => eb.fn.min("runAt").as("oldest"))
        .where("status", "=", "queued")
        .where("runAt", "<=", now.toISOString())
        .executeTakeFirst();
      const oldest = row?.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
      this.set(Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000));
    },
  });
  if (pool) {
    new Gauge({
      name: "wjgj_db_pool_connections",
      help: "Database pool connections by state (idle, busy, waiting requests)",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "idle" }, pool.idleCount);
        this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
        this.set({ state: "waiting" }, pool.waitingCount);
      },
    });
  }

  app.addHook("onResponse", async (request, reply) => {
    // Matched routes only: a label per unknown URL would grow without bound.
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const metrics = { registry, submitsStored };
  metricsByApp.set(app, metrics);
  return metrics;
}
