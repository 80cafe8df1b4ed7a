import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance } from "fastify";
import { InsertQueryNode, type KyselyPlugin } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { publishNew, satisfactionSurvey, submitWithToken } from "../../test/answering.ts";
import { type BuiltUser, buildUser } from "../../test/factories.ts";
import { call, createTestContext, secondInstance, type TestContext } from "../../test/helpers.ts";
import { buildApp } from "../app.ts";
import { openDb } from "../db/index.ts";
import { openRoutesOf } from "./define.ts";

let t: TestContext;
let owner: BuiltUser;
const logLines: string[] = [];

beforeEach(async () => {
  logLines.length = 0;
  t = await createTestContext({ LOG_LEVEL: "info", OPEN_API_CALLS_PER_MINUTE: "40" }, undefined, {
    write: (line) => logLines.push(line),
  });
  owner = await buildUser(t);
});
afterEach(async () => {
  await t.close();
});

async function createKey(scopes: string[], by: BuiltUser = owner, extra: Record<string, unknown> = {}) {
  const res = await call<{ key: string; id: number }>(t.app, "POST", "apiKey/create", {
    token: by.token,
    json: { name: "CRM 同步", scopes, ...extra },
  });
  expect(res.body.code, res.body.msg).toBe(200);
  return res.body.data;
}

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read loosely by the assertions
type Json = Record<string, any>;

function api(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT",
  url: string,
  key?: string,
  body?: unknown,
) {
  return app
    .inject({
      method,
      url: `/openapi/v1${url}`,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    })
    .then((res) => ({
      status: res.statusCode,
      body: res.json() as Json,
      headers: res.headers,
    }));
}

describe("API keys", () => {
  it("shows a key once, keeps only its hash, lists it with its prefix and refuses a foreign revoke", async () => {
    const created = await createKey(["questionnaires:read"]);
    expect(created.key).toMatch(/^wjk_[A-Za-z0-9_-]{40}$/);
    const stored = await t.db.selectFrom("api_keys").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const list = await call<{ prefix: string; state: string; scopes: string[] }[]>(
      t.app,
      "GET",
      "apiKey/list",
      {
        token: owner.token,
      },
    );
    expect(list.body.data).toMatchObject([{ prefix: `${created.key.slice(0, 12)}…`, state: "active" }]);
    expect(JSON.stringify(list.body)).not.toContain(created.key);

    const other = await buildUser(t);
    const foreign = await call(t.app, "POST", "apiKey/revoke", {
      token: other.token,
      params: { id: created.id },
    });
    expect(foreign.body).toMatchObject({ code: 404, msg: "API 密钥不存在" });
    const noScope = await call(t.app, "POST", "apiKey/create", {
      token: owner.token,
      json: { name: "x", scopes: [] },
    });
    expect(noScope.body).toMatchObject({ code: 400, msg: "请至少选择一项权限" });
  });

  it("a read key cannot write; scopes are enforced per route", async () => {
    const read = await createKey(["questionnaires:read"]);
    const created = await api(t.app, "POST", "/questionnaires", read.key, { title: "员工满意度" });
    expect(created.status).toBe(403);
    expect(created.body.error).toMatchObject({
      code: "insufficient_scope",
      message: "该 API 密钥没有调用此接口的权限",
    });
    expect(await t.db.selectFrom("questionnaires").selectAll().execute()).toHaveLength(0);
    const responses = await api(t.app, "GET", "/questionnaires/1/responses", read.key);
    expect(responses.status).toBe(403);

    const write = await createKey(["questionnaires:write", "questionnaires:read"]);
    const made = await api(t.app, "POST", "/questionnaires", write.key, { title: "员工满意度" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ title: "员工满意度", status: "draft" });
    const listed = await api(t.app, "GET", "/questionnaires", read.key);
    expect(listed.body.data.map((q: { id: number }) => q.id)).toEqual([made.body.id]);
  });

  it("a revoked or expired key is refused at once on every instance", async () => {
    const key = await createKey(["questionnaires:read"], owner, { expiresInDays: 1 });
    const other = await secondInstance(t);
    try {
      expect((await api(other.app, "GET", "/questionnaires", key.key)).status).toBe(200);
      await call(t.app, "POST", "apiKey/revoke", { token: owner.token, params: { id: key.id } });
      for (const app of [t.app, other.app]) {
        const refused = await api(app, "GET", "/questionnaires", key.key);
        expect(refused.status).toBe(401);
        expect(refused.body.error).toMatchObject({ code: "key_revoked", message: "API 密钥已被吊销" });
      }
      const expiring = await createKey(["questionnaires:read"], owner, { expiresInDays: 1 });
      expect((await api(other.app, "GET", "/questionnaires", expiring.key)).status).toBe(200);
      t.clock.advance(86_401);
      const expired = await api(other.app, "GET", "/questionnaires", expiring.key);
      expect(expired.status).toBe(401);
      expect(expired.body.error.code).toBe("key_expired");
    } finally {
      await other.close();
    }
    const missing = await api(t.app, "GET", "/questionnaires");
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toContain("Bearer");
    expect((await api(t.app, "GET", "/questionnaires", "wjk_not-a-real-key")).body.error.code).toBe(
      "unauthorized",
    );
  });

  it("rate-limits per key across instances and logs every call without the key", async () => {
    const key = await createKey(["questionnaires:read"]);
    const other = await secondInstance(t);
    const statuses: number[] = [];
    try {
      for (let i = 0; i < 45; i++) {
        const app = i % 2 === 0 ? t.app : other.app;
        statuses.push((await api(app, "GET", "/questionnaires?limit=1", key.key)).status);
      }
    } finally {
      await other.close();
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429, 429, 429, 429]);
    const limited = await api(t.app, "GET", "/questionnaires", key.key);
    expect(limited.headers["retry-after"]).toBe("60");
    // A new minute, a new allowance.
    t.clock.advance(60);
    expect((await api(t.app, "GET", "/questionnaires", key.key)).status).toBe(200);

    // A call is logged once its answer has gone out (onResponse): wait for the last one to land.
    const logged = () =>
      call<{ status: number; path: string }[]>(t.app, "GET", "apiKey/calls", {
        token: owner.token,
        params: { id: key.id },
      }).then((res) => res.body.data);
    await expect.poll(async () => (await logged()).length).toBe(47);
    const calls = await logged();
    expect(calls.filter((entry) => entry.status === 429)).toHaveLength(6);
    expect(calls).toContainEqual(
      expect.objectContaining({ status: 200, path: "/openapi/v1/questionnaires" }),
    );
    expect(logLines.join("\n")).not.toContain(key.key);
    const list = await call<{ lastUsedAt: string }[]>(t.app, "GET", "apiKey/list", { token: owner.token });
    expect(list.body.data[0]?.lastUsedAt).not.toBe("");
  });
  it("closing the app waits for a call's log line still being written", async () => {
    const key = await createKey(["questionnaires:read"]);
    // The log's insert answers only when the test says so: the app is closed while it is under way.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = new WeakSet<object>();
    const holdLogInsert: KyselyPlugin = {
      transformQuery(args) {
        if (InsertQueryNode.is(args.node) && args.node.into?.table.identifier.name === "api_calls")
          held.add(args.queryId);
        return args.node;
      },
      async transformResult(args) {
        if (held.has(args.queryId)) await gate;
        return args.result;
      },
    };
    const handle = openDb(t.config);
    const app = await buildApp({
      config: t.config,
      db: handle.db.withPlugin(holdLogInsert),
      dialect: handle.dialect,
      clock: t.clock,
    });
    expect((await api(app, "GET", "/questionnaires?limit=1", key.key)).status).toBe(200);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // Without the wait, the close is over long before this.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    release();
    await closing;
    await handle.destroy();
    const logged = await t.db.selectFrom("api_calls").select(["status", "path"]).execute();
    expect(logged).toEqual([{ status: 200, path: "/openapi/v1/questionnaires" }]);
    const stored = await t.db.selectFrom("api_keys").select("lastUsedAt").executeTakeFirstOrThrow();
    expect(stored.lastUsedAt).not.toBeNull();
  });
});

describe("open API v1", () => {
  it("pulls responses incrementally with a cursor and since, masked personal data, one response by id", async () => {
    const definition = satisfactionSurvey("门店满意度");
    definition.pages[0]?.questions.push({
      id: "phone",
      type: "text",
      title: "手机号",
      required: false,
      config: { format: "mobile" },
    } as never);
    const q = await publishNew(t, owner, { definition });
    const revision = await t.db
      .selectFrom("questionnaire_revisions")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) {
      const res = await submitWithToken(t, q.publicId, revision.id, {
        rate: { optionId: i % 2 ? "yes" : "no" },
        phone: "13812345678",
      });
      expect(res.body.code, res.body.msg).toBe(200);
      t.clock.advance(60);
    }
    const key = await createKey(["responses:read"]);
    const first = await api(t.app, "GET", `/questionnaires/${q.id}/responses?limit=3`, key.key);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(3);
    expect(first.body.data[0].texts.rate).toBe("不满意");
    expect(JSON.stringify(first.body)).not.toContain("13812345678");
    const second = await api(
      t.app,
      "GET",
      `/questionnaires/${q.id}/responses?limit=3&cursor=${first.body.nextCursor}`,
      key.key,
    );
    expect(second.body.data).toHaveLength(2);
    // Caught up: the cursor still points past the last response; a new one arrives and the next pull gets it alone.
    await submitWithToken(t, q.publicId, revision.id, { rate: { optionId: "yes" } });
    const third = await api(
      t.app,
      "GET",
      `/questionnaires/${q.id}/responses?cursor=${second.body.nextCursor}`,
      key.key,
    );
    expect(third.body.data).toHaveLength(1);
    const ids = [...first.body.data, ...second.body.data, ...third.body.data].map(
      (r: { id: number }) => r.id,
    );
    expect(new Set(ids).size).toBe(6);
    const sinceTime = new Date(Date.parse("2026-06-01T02:00:00.000Z") + 4 * 60_000).toISOString();
    const since = await api(t.app, "GET", `/questionnaires/${q.id}/responses?since=${sinceTime}`, key.key);
    expect(since.body.data).toHaveLength(2);
    const one = await api(t.app, "GET", `/questionnaires/${q.id}/responses/${ids[0]}`, key.key);
    expect(one.body).toMatchObject({ id: ids[0], status: "valid", texts: { rate: "不满意" } });
    const bad = await api(
      t.app,
      "GET",
      `/questionnaires/${q.id}/responses?cursor=nonsense&since=yesterday`,
      key.key,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_input");
    expect(bad.body.error.message).toMatch(/[\u4e00-\u9fff]/);
    // Someone else's questionnaire: 403, nothing read.
    const stranger = await buildUser(t);
    const foreignKey = await createKey(["responses:read"], stranger);
    expect((await api(t.app, "GET", `/questionnaires/${q.id}/responses`, foreignKey.key)).status).toBe(403);
  });

  it("publishes a valid OpenAPI 3.1 document, and every documented route answers as documented", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/openapi/v1/openapi.json" });
    expect(doc.statusCode).toBe(200);
    const document = doc.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    // A questionnaire with responses, a key with every scope: walk each documented operation.
    const q = await publishNew(t, owner, { definition: satisfactionSurvey("接口巡检") });
    const revision = await t.db
      .selectFrom("questionnaire_revisions")
      .select("id")
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    const submitted = await submitWithToken(t, q.publicId, revision.id, { rate: { optionId: "yes" } });
    expect(submitted.body.code, submitted.body.msg).toBe(200);
    const full = await createKey([
      "questionnaires:read",
      "questionnaires:write",
      "responses:read",
      "webhooks:manage",
    ]);
    const routes = openRoutesOf(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(10);
    let exportId = 0;
    const sample: Record<string, unknown> = {
      "/questionnaires": { title: "巡检新建" },
      "/questionnaires/{id}/definition": { definition: satisfactionSurvey("巡检修改"), baseVersion: 1 },
      "/questionnaires/{id}/exports": { kind: "csv" },
      // A name that never resolves (RFC 2606): the test message queued below fails quietly in the background.
      "/webhooks": { url: "https://hooks.example.invalid/wjgj", events: ["response.created"] },
      "/webhooks/{webhookId}": { events: ["response.created", "response.deleted"] },
    };
    let webhookId = 0;
    let deliveryId = 0;
    // Order: create before reads of exports; stop last.
    const ordered = [...routes].sort((a, b) => rank(a.path, a.method) - rank(b.path, b.method));
    for (const route of ordered) {
      const operation = document.paths[route.path]?.[route.method.toLowerCase()] as
        | { responses: Record<string, unknown> }
        | undefined;
      expect(operation, `${route.method} ${route.path} is documented`).toBeDefined();
      if (route.path.includes("{exportId}") && exportId === 0) throw new Error("export not created first");
      if (route.path.endsWith("/file")) await waitForExport(t, full.key, q.id, exportId);
      const url = route.path
        .replace("{id}", String(q.id))
        .replace("{responseId}", String(submitted.body.data.responseId))
        .replace("{exportId}", String(exportId))
        .replace("{webhookId}", String(webhookId))
        .replace("{deliveryId}", String(deliveryId));
      const res = await t.app.inject({
        method: route.method,
        url: `/openapi/v1${url}`,
        headers: { authorization: `Bearer ${full.key}`, "content-type": "application/json" },
        ...(route.body ? { payload: JSON.stringify(sample[route.path] ?? {}) } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.path}: ${res.body.slice(0, 300)}`).toBe(route.status);
      expect(Object.keys(operation?.responses ?? {})).toContain(String(route.status));
      if (route.responseType === "file") {
        expect(res.headers["content-disposition"]).toContain("attachment");
        continue;
      }
      const parsed = route.response.safeParse(res.json());
      expect(
        parsed.success,
        `${route.method} ${route.path}: ${parsed.success ? "" : z.prettifyError(parsed.error)}`,
      ).toBe(true);
      if (route.path === "/questionnaires/{id}/exports") exportId = (res.json() as { id: number }).id;
      if (route.path === "/webhooks" && route.method === "POST")
        webhookId = (res.json() as { id: number }).id;
      if (route.path.endsWith("/test")) deliveryId = (res.json() as { id: number }).id;
      // Every documented error answers the one error shape.
      const unauthorised = await t.app.inject({ method: route.method, url: `/openapi/v1${url}` });
      expect(unauthorised.statusCode).toBe(401);
      expect(errorShape.safeParse(unauthorised.json()).success).toBe(true);
    }
    const unknown = await api(t.app, "GET", "/nothing-here", full.key);
    expect(unknown.status).toBe(404);
    expect(errorShape.safeParse(unknown.body).success).toBe(true);
  });
});

const errorShape = z.object({
  error: z.object({ code: z.string(), message: z.string().regex(/[\u4e00-\u9fff]/) }),
});

function rank(path: string, method: string): number {
  // Webhooks after the questionnaire's routes: create one, send its test message, replay it, delete it last.
  if (path.startsWith("/webhooks")) {
    if (method === "DELETE") return 15;
    if (path.endsWith("/replay")) return 14;
    if (path.endsWith("/test")) return 12;
    return path === "/webhooks" && method === "POST" ? 10 : 13;
  }
  if (path.endsWith("/stop")) return 9;
  if (path.includes("{exportId}")) return path.endsWith("/file") ? 8 : 7;
  if (path.endsWith("/exports")) return 6;
  return method === "GET" ? 1 : 2;
}

async function waitForExport(t: TestContext, key: string, questionnaireId: number, exportId: number) {
  const { jobWorkerOf } = await import("../jobs/index.ts");
  await jobWorkerOf(t.app).idle();
  const res = await t.app.inject({
    method: "GET",
    url: `/openapi/v1/questionnaires/${questionnaireId}/exports/${exportId}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect((res.json() as { status: string }).status).toBe("done");
}
