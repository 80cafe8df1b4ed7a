import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildUser } from "../test/factories.ts";
import { createTestContext, type TestContext } from "../test/helpers.ts";
import { type S3TestServer, startS3Server } from "../test/s3-server.ts";
import { type ServerProcess, startServerProcess } from "../test/server-process.ts";
import { jobWorkerOf } from "./jobs/index.ts";

/**
 * Two server processes on loopback sharing one PostgreSQL database and one S3 bucket, nothing else: each
 * has its own DATA_DIR, so whatever works here works behind a load balancer without sticky sessions.
 * SQLite is one process's file, so this runs only when the suite runs on PostgreSQL (DATABASE_URL).
 */
const LEASE_MS = 1500;
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestContext;
let s3: S3TestServer;
let a: ServerProcess;
let b: ServerProcess;
const dirs: string[] = [];

function start(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-instance-"));
  dirs.push(dataDir);
  return startServerProcess({
    DATABASE_URL: t.config.databaseUrl ?? "",
    DATA_DIR: dataDir,
    WEB_DIST: t.config.webDist,
    TRUST_PROXY: "1",
    // No ANSWER_TOKEN_SECRET: each instance makes its own key file, and they agree on the one kept in the
    // database (a page opened through B submits through A below).
    JOB_LEASE_MS: String(LEASE_MS),
    JOB_POLL_MS: "100",
    ...s3.env,
  });
}

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestContext();
  // The test's own app shares the database: its worker must not be the one that takes the export over.
  await jobWorkerOf(t.app).stop();
  s3 = await startS3Server();
  [a, b] = await Promise.all([start(), start()]);
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  await Promise.all([a?.exited, b?.exited]);
  await s3?.close();
  await t?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function api<T = unknown>(
  server: ServerProcess,
  method: "GET" | "POST",
  route: string,
  options: { token?: string; json?: unknown; query?: Record<string, string | number>; ip?: string } = {},
): Promise<Envelope<T>> {
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]): [string, string] => [k, String(v)]))}`
    : "";
  const res = await fetch(`${server.url}/wjgj/api/${route}${query}`, {
    method,
    headers: {
      ...(options.json === undefined ? {} : { "content-type": "application/json" }),
      ...(options.token ? { token: options.token } : {}),
      ...(options.ip ? { "x-forwarded-for": options.ip } : {}),
    },
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  return (await res.json()) as Envelope<T>;
}

function survey(title: string, quota?: number) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "gift",
            type: "single",
            title: "选择礼品",
            required: true,
            config: {
              options: [
                { id: "cup", label: "保温杯", ...(quota ? { quota } : {}) },
                { id: "pen", label: "钢笔" },
              ],
            },
          },
        ],
      },
    ],
  };
}

/** Creates and publishes on `server`; answers the public id. */
async function publishOn(server: ServerProcess, token: string, title: string, quota?: number) {
  const created = await api<{ id: number; publicId: string }>(server, "POST", "questionary/addQuestionary", {
    token,
    json: { kind: "survey", title, definition: survey(title, quota) },
  });
  expect(created.code).toBe(200);
  const released = await api(server, "POST", "questionary/releaseQuestionary", {
    token,
    json: { id: created.data.id },
  });
  expect(released.code).toBe(200);
  return created.data;
}

async function openOn(server: ServerProcess, publicId: string) {
  const opened = await api<{ revisionId: number; answerToken: string }>(
    server,
    "GET",
    "anQuestion/getQuestionary",
    {
      query: { publicId },
    },
  );
  expect(opened.code).toBe(200);
  return opened.data;
}

function submitOn(
  server: ServerProcess,
  publicId: string,
  open: { revisionId: number; answerToken: string },
  n: number,
) {
  return api<{ responseId: number }>(server, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId,
      revisionId: open.revisionId,
      answerToken: open.answerToken,
      answers: { gift: { optionId: "cup" } },
      idempotencyKey: `two-${publicId}-${n}`,
      deviceId: `two-device-${n}`,
    },
    ip: `10.7.${n >> 8}.${n & 255}`,
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, limitMs: number): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!onPostgres)(
  "two instances on one PostgreSQL database and one S3 bucket (PostgreSQL only)",
  () => {
    it("share sessions, questionnaires, files, settings, quotas and jobs", { timeout: 180_000 }, async () => {
      // Log in on A, use the token on B.
      const owner = await buildUser(t, { password: "two-instances-1" });
      const login = await api<{ token: string }>(a, "POST", "user/login", {
        json: { phone: owner.user.phone, password: "two-instances-1" },
      });
      expect(login.code).toBe(200);
      const token = login.data.token;
      const me = await api<{ phone: string }>(b, "GET", "user/getUserInfo", { token });
      expect(me).toMatchObject({ code: 200, data: { phone: owner.user.phone } });

      // Create and publish on A, answer on B.
      const q = await publishOn(a, token, "两台实例");
      const answered = await submitOn(b, q.publicId, await openOn(b, q.publicId), 1);
      expect(answered.code).toBe(200);
      const stored = await t.db
        .selectFrom("responses")
        .selectAll()
        .where("questionnaireId", "=", q.id)
        .execute();
      expect(stored.map((r) => r.id)).toEqual([answered.data.responseId]);

      // Upload on B, read on A (the bucket, not either instance's disk).
      const png = Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
        "base64",
      );
      const form = new FormData();
      form.set("id", String(q.id));
      form.set("purpose", "headerImage");
      form.set("file", new Blob([png], { type: "image/png" }), "banner.png");
      const uploaded = (await (
        await fetch(`${b.url}/wjgj/api/upload/upload`, { method: "POST", headers: { token }, body: form })
      ).json()) as Envelope<{ url: string }>;
      expect(uploaded.code).toBe(200);
      const served = await fetch(`${a.url}${uploaded.data.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      // A site-settings change on A shows on B within a second.
      // Sessions made by the factories carry the test clock's time: the admin logs in like anyone else.
      const admin = await buildAdmin(t, { password: "two-instances-2" });
      const adminLogin = await api<{ token: string }>(a, "POST", "user/login", {
        json: { phone: admin.user.phone, password: "two-instances-2" },
      });
      const phone = `0571-${Date.now() % 100_000_000}`;
      const saved = await api(a, "POST", "admin/settings/save", {
        token: adminLogin.data.token,
        json: { contact: { phone } },
      });
      expect(saved.code).toBe(200);
      const savedAt = Date.now();
      const contact = await until(
        () => api<{ phone: string }>(b, "GET", "navigation/getContactInfo"),
        (reply) => reply.data.phone === phone,
        1000,
      );
      expect(contact.data.phone).toBe(phone);
      expect(Date.now() - savedAt).toBeLessThan(1000);

      // A quota of 50 across both instances under 200 concurrent submits stores exactly 50.
      const limited = await publishOn(a, token, "限量领取", 50);
      const [openA, openB] = await Promise.all([openOn(a, limited.publicId), openOn(b, limited.publicId)]);
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, n) =>
          // Each page submits through the other instance than the one that opened it.
          n % 2 === 0 ? submitOn(a, limited.publicId, openB, n) : submitOn(b, limited.publicId, openA, n),
        ),
      );
      expect(replies.filter((r) => r.code === 200)).toHaveLength(50);
      expect(new Set(replies.filter((r) => r.code !== 200).map((r) => r.msg)).size).toBe(1);
      const quotaRows = await t.db
        .selectFrom("responses")
        .select("id")
        .where("questionnaireId", "=", limited.id)
        .execute();
      expect(quotaRows).toHaveLength(50);

      // Ask for an export on A, kill A while it writes the file: B takes the job over after the lease.
      const template = stored[0];
      if (!template) throw new Error("no stored response");
      const { id: _id, ...rest } = template;
      const copies = Array.from({ length: 19_999 }, (_, i) => ({ ...rest, idempotencyKey: `copy-${i}` }));
      for (let i = 0; i < copies.length; i += 1000)
        await t.db
          .insertInto("responses")
          .values(copies.slice(i, i + 1000))
          .execute();
      const exported = await api<{ id: number }>(a, "POST", "export/createExport", {
        token,
        json: { questionnaireId: q.id, kind: "csv" },
      });
      expect(exported.code).toBe(200);
      const claimed = await until(
        () =>
          t.db
            .selectFrom("jobs")
            .selectAll()
            .where("key", "=", `export:${exported.data.id}`)
            .executeTakeFirst(),
        (job) => job?.status === "running",
        10_000,
      );
      // A starts the job it queued at once, but on a loaded machine B's poll can reach it first: the instance
      // running it is killed, and the other must take it over.
      const runner = claimed?.lockedBy?.split(":")[1];
      expect([String(a.child.pid), String(b.child.pid)]).toContain(runner);
      const [dying, survivor] = runner === String(a.child.pid) ? [a, b] : [b, a];
      dying.child.kill("SIGKILL");
      const killedAt = Date.now();
      await dying.exited;
      const finished = await until(
        () =>
          t.db
            .selectFrom("export_jobs")
            .selectAll()
            .where("id", "=", exported.data.id)
            .executeTakeFirstOrThrow(),
        (job) => job.status === "done" || job.status === "failed",
        60_000,
      );
      expect(finished).toMatchObject({ status: "done", rows: 20_000, progress: 100 });
      // Not before A's lease (renewed every third of it) had lapsed: B waited rather than run it twice at once.
      expect(Date.now() - killedAt).toBeGreaterThanOrEqual(LEASE_MS / 2);
      // B took it on its second attempt and, once the file was in, took it off the queue.
      const left = await until(
        () => t.db.selectFrom("jobs").selectAll().execute(),
        (jobs) => jobs.length === 0,
        5000,
      );
      expect(left).toEqual([]);
      const file = await fetch(
        `${survivor.url}/wjgj/api/export/downloadExport?questionnaireId=${q.id}&id=${exported.data.id}`,
        { headers: { token } },
      );
      expect(file.status).toBe(200);
      const lines = (await file.text()).trim().split("\r\n");
      expect(lines).toHaveLength(20_001);
    });
  },
);
