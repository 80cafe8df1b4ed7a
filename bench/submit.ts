// `npm run bench -- submit`: the real submit path (anQuestion/questionAnswer: validation by the engine,
// limits, quotas, counters, one transaction) for a 50-question questionnaire with logic, under load from a
// second process, against a bare Fastify route doing one SQLite insert of the same JSON — both on SQLite
// with durable commits (WAL, synchronous=FULL), measured in alternating rounds of the same run. Last line:
// one JSON object.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import Fastify, { type FastifyInstance } from "fastify";
import { buildApp } from "../packages/server/src/app.ts";
import {
  issueAnswerToken,
  prepareAnswerTokenKey,
} from "../packages/server/src/commands/answering/answer-token.ts";
import { insertUser } from "../packages/server/src/commands/users.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { benchSession, openBenchContext, publishSurvey } from "./_setup.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const here = path.dirname(fileURLToPath(import.meta.url));

/** 50 questions: single choices in a show-logic chain, a jump, and some text answers. */
function definition() {
  const questions = Array.from({ length: 50 }, (_, i) => {
    const showIf = i > 0 ? { showIf: { kind: "answered", questionId: `q${i - 1}` } } : {};
    if (i % 5 === 4)
      return { id: `q${i}`, type: "text", title: `第${i + 1}题 请填写您的意见`, config: {}, ...showIf };
    return {
      id: `q${i}`,
      type: "single",
      title: `第${i + 1}题 您对该项服务的评价`,
      required: true,
      config: { options: ["非常满意", "满意", "一般", "不满意"].map((label, j) => ({ id: `o${j}`, label })) },
      ...showIf,
      ...(i === 0
        ? {
            jumps: [
              {
                when: { kind: "selected", questionId: "q0", optionIds: ["o3"], match: "any" },
                target: { kind: "submit" },
              },
            ],
          }
        : {}),
    };
  });
  return { schemaVersion: 1, kind: "survey", title: "服务满意度调查", pages: [{ id: "p1", questions }] };
}

function answers() {
  return Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [
      `q${i}`,
      i % 5 === 4 ? `第${i + 1}题的意见：整体不错，希望继续改进。` : { optionId: `o${i % 3}` },
    ]),
  );
}

/** Runs the load generator in its own process (asynchronously: the servers share this event loop). */
async function load(url: string, body: string) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, "_load.mjs"), url, body, String(CONCURRENCY), String(SECONDS)],
    { encoding: "utf8" },
  );
  return JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as {
    requests: number;
    failures: number;
    rps: number;
    p99_ms: number;
  };
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-submit-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: path.join(dataDir, "none") });
const { handle, ctx } = await openBenchContext(config);
const user = await insertUser(handle.db, new Date(), { phone: "13900000009" });
const token = await benchSession(ctx, user, 30);
const { questionnaire: q, revision } = await publishSurvey(ctx, token, "服务满意度调查", definition());
// buildApp prepares the answer-token key at start; the token is issued before the app is built here.
await prepareAnswerTokenKey(config);
const body = JSON.stringify({
  publicId: q.publicId,
  revisionId: revision.id,
  // One page's answering-session token (anQuestion/getQuestionary) serves every simulated submit.
  answerToken: issueAnswerToken(ctx, q.publicId, revision.id),
  answers: answers(),
  idempotencyKey: "bench-__N__",
  deviceId: "device-__N__",
  durationSeconds: 95,
});

// Baseline: the same JSON stored by one INSERT, same durability settings.
const baselineDb = new SQLite(path.join(dataDir, "baseline.sqlite"));
baselineDb.pragma("journal_mode = WAL");
baselineDb.pragma("synchronous = FULL");
baselineDb.exec(
  "create table answers (id integer primary key autoincrement, body text not null, created_at text not null)",
);
const insert = baselineDb.prepare("insert into answers (body, created_at) values (?, ?)");
const bare = Fastify();
bare.post("/insert", async (request) => {
  insert.run(JSON.stringify(request.body), new Date().toISOString());
  return { code: 200, msg: "ok", data: null };
});

const ours = await buildApp(ctx);
const oursUrl = await listen(ours);
const bareUrl = await listen(bare);
// Rounds alternate between the two, so a slower spell of the machine weighs on both; each side keeps its
// best round.
type Round = Awaited<ReturnType<typeof load>>;
const best = (a: Round | null, b: Round) => (a && a.rps >= b.rps ? a : b);
let baseline: Round | null = null;
let measured: Round | null = null;
for (let round = 0; round < ROUNDS; round++) {
  baseline = best(baseline, await load(`${bareUrl}/insert`, body));
  const submits = await load(`${oursUrl}/wjgj/api/anQuestion/questionAnswer`, body);
  if (submits.failures > 0) throw new Error(`${submits.failures} submissions failed`);
  measured = best(measured, submits);
}
if (!baseline || !measured) throw new Error("no rounds");
const stored = await handle.db
  .selectFrom("responses")
  .select((eb) => eb.fn.countAll().as("count"))
  .executeTakeFirst();

await ours.close();
await bare.close();
await handle.destroy();
baselineDb.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const round = (n: number) => Math.round(n * 100) / 100;
console.log(
  `ours: ${round(measured.rps)} submits/s (${Number(stored?.count)} stored, p99 ${round(measured.p99_ms)} ms); baseline insert: ${round(baseline.rps)}/s (p99 ${round(baseline.p99_ms)} ms)`,
);
console.log(
  JSON.stringify({
    bench: "submit",
    ours_rps: round(measured.rps),
    baseline_rps: round(baseline.rps),
    ratio: round(measured.rps / baseline.rps),
    p99_ms: round(measured.p99_ms),
    baseline_p99_ms: round(baseline.p99_ms),
    concurrency: CONCURRENCY,
  }),
);
