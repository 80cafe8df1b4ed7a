// What our request pipeline (param merge, zod, session lookup, policy, envelope) costs per call:
// `user/getUserInfo` on a real SQLite database against a bare Fastify route answering a constant,
// both driven through inject in the same run. Last line: one JSON object with the figures and ratio.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../packages/server/src/app.ts";
import { systemClock } from "../packages/server/src/clock.ts";
import { createSession } from "../packages/server/src/commands/account/sessions.ts";
import { insertUser } from "../packages/server/src/commands/account/users.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { openDb } from "../packages/server/src/db/index.ts";
import { migrateToLatest } from "../packages/server/src/db/migrations/index.ts";

const CALLS = Number(process.env.BENCH_CALLS ?? 3000);

async function timePerCall(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  for (let i = 0; i < 200; i += 1) await app.inject({ method: "GET", url, headers });
  const start = process.hrtime.bigint();
  for (let i = 0; i < CALLS; i += 1) {
    const res = await app.inject({ method: "GET", url, headers });
    if (res.statusCode !== 200) throw new Error(`unexpected ${res.statusCode}`);
  }
  return Number(process.hrtime.bigint() - start) / 1e6 / CALLS;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: path.join(dataDir, "none") });
const handle = openDb(config);
await migrateToLatest(handle.db, handle.dialect);
const user = await insertUser(handle.db, new Date(), { phone: "13900000001" });
const { token } = await createSession(handle.db, systemClock, 30, user, {
  ip: "127.0.0.1",
  userAgent: "bench",
  fromType: 1,
});
const ours = await buildApp({ config, db: handle.db, dialect: handle.dialect, clock: systemClock });

const bare = Fastify();
bare.get("/info", async () => ({ code: 200, msg: "操作成功", data: { nickName: "x" } }));

const baselineMs = await timePerCall(bare, "/info", {});
const oursMs = await timePerCall(ours, "/wjgj/api/user/getUserInfo", { token });
await ours.close();
await bare.close();
await handle.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });

const round = (n: number) => Math.round(n * 1000) / 1000;
console.log(`user/getUserInfo: ${round(oursMs)} ms/call; bare Fastify route: ${round(baselineMs)} ms/call`);
console.log(
  JSON.stringify({
    bench: "api",
    calls: CALLS,
    ours_ms_per_call: round(oursMs),
    baseline_ms_per_call: round(baselineMs),
    ratio: round(oursMs / baselineMs),
  }),
);
