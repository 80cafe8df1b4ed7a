import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitWithToken } from "../../test/answering.ts";
import { buildQuestionnaire, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import type { AppContext } from "../context.ts";
import type { Storage } from "../storage/index.ts";
import type { AppMetrics } from "./metrics.ts";
import { registerOperations } from "./operations.ts";

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t.close();
});

describe("operations endpoints", () => {
  it("/healthz answers while the process runs", async () => {
    const res = await t.app.inject({ method: "GET", url: "/healthz" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { status: "ok" } });
  });

  it("/readyz checks the database and the storage, and answers 503 in Chinese when one fails", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 200, data: { database: "ok", storage: "ok" } });

    // The storage's folder cannot be written: a plain file stands where DATA_DIR should be.
    const blocked = path.join(t.config.dataDir, "blocked");
    fs.writeFileSync(blocked, "not a folder");
    const { localStorage } = await import("../storage/local.ts");
    const broken: Storage = localStorage(path.join(blocked, "inner"));
    const { buildApp } = await import("../app.ts");
    const app = await buildApp({ ...t.ctx, storage: broken });
    await app.ready();
    try {
      const res = await app.inject({ method: "GET", url: "/readyz" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 503,
        msg: "服务暂不可用：数据库或文件存储无法连接",
        data: { database: "ok", storage: "failed" },
      });
    } finally {
      await app.close();
    }
  });

  it("/metrics counts requests by route and status with latency, stored submits and the export queue", async () => {
    const owner = await buildUser(t);
    const definition = {
      schemaVersion: 1,
      kind: "survey",
      title: "满意度",
      pages: [{ id: "p1", questions: [{ id: "advice", type: "text", title: "建议", config: {} }] }],
    };
    const q = await buildQuestionnaire(t, owner, { kind: "survey", title: "满意度", definition });
    await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
    const open = await call<{ revisionId: number }>(t.app, "GET", "anQuestion/getQuestionary", {
      params: { publicId: q.publicId },
    });
    const submitted = await submitWithToken(t, q.publicId, open.body.data.revisionId, { advice: "很好" });
    expect(submitted.body.code).toBe(200);
    await t.db
      .insertInto("export_jobs")
      .values({
        questionnaireId: q.id,
        userId: owner.user.id,
        kind: "csv",
        filter: null,
        status: "queued",
        progress: 0,
        rows: 0,
        fileName: "a.csv",
        fileKey: null,
        fileSize: 0,
        error: "",
        createdAt: new Date(t.clock.now().getTime() - 90_000).toISOString(),
        finishedAt: null,
        expiresAt: null,
      })
      .execute();
    await t.app.inject({ method: "GET", url: "/no/such/page" });

    const res = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/plain");
    const text = res.body;
    expect(text).toMatch(
      /http_requests_total\{method="POST",route="\/wjgj\/api\/anQuestion\/questionAnswer",status="200"\} 1/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/wjgj\/api\/anQuestion\/getQuestionary",status="200"\} 1/,
    );
    // An unknown URL (the app's fallback page) is counted under one label, not under its own path.
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="\d+"\} 1/);
    expect(text).not.toContain("/no/such/page");
    expect(text).toMatch(/wjgj_submits_stored_total 1/);
    expect(text).toMatch(/wjgj_jobs_queue_depth\{status="queued"\} 1/);
    expect(text).toMatch(/wjgj_jobs_oldest_queued_age_seconds 90/);
  });
});

describe("draining", () => {
  it("a request in flight when the server starts closing is answered with Connection: close, so close() ends", async () => {
    const app = Fastify();
    registerOperations(app, {} as AppContext, {} as AppMetrics);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let preClosed: () => void = () => {};
    const closeBegun = new Promise<void>((resolve) => {
      preClosed = resolve;
    });
    app.addHook("preClose", async () => preClosed());
    app.get("/held", async () => {
      arrived();
      await held;
      return { done: true };
    });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    // A kept-alive connection, as browsers and load balancers hold them.
    const agent = new http.Agent({ keepAlive: true });
    const response = new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: "127.0.0.1", port, path: "/held", agent }, resolve).on("error", reject);
    });
    await inFlight;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await closeBegun;
    release();
    const res = await response;
    res.resume();
    expect(res.statusCode).toBe(200);
    expect(res.headers.connection).toBe("close");
    // Without the header the socket stays open and close() waits for the 72 s keep-alive timeout.
    await closing;
    expect(closed).toBe(true);
    agent.destroy();
  });
});
