// `npm run bench -- webhooks`: what a webhook costs the submit path (issue #38). Two published copies of the
// same 50-question questionnaire, one with a webhook to a local receiver (a process of its own, answering 200),
// get submits OFFERED at BENCH_RATE per second (default 1,000) for BENCH_SECONDS each, by a load generator in
// another process, in alternating rounds of the same run; the server (this process) delivers the messages
// meanwhile, as in production (the dispatch job of its queue, through the SSRF-safe client). Prints the submit
// rates achieved with and without the hook, `ratio` (with / without: 1 means the hook cost the submits nothing
// the machine could not absorb), and `drain_s`: seconds from the end of a burst until no delivery is pending.
// A third side keeps the hook but holds its messages back during the burst (the hook paused), then sends them:
// `outbox_ratio` is what the outbox row alone costs a submit, apart from the delivery work competing for CPU.
// SQLite with durable commits, or PostgreSQL when DATABASE_URL is set (a fresh database on that server).
// Each side keeps its best round; CPU per submit of this process is printed too (steadier when the machine is
// shared). Last line: one JSON object.
import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { buildApp } from "../packages/server/src/app.ts";
import { insertUser } from "../packages/server/src/commands/account/users.ts";
import { issueAnswerToken } from "../packages/server/src/commands/answering/answer-token.ts";
import { webhookDispatchOf } from "../packages/server/src/commands/webhooks/worker.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { benchSession, freshPostgres, listen, openBenchContext, publishSurvey } from "./_setup.ts";

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MAX_IN_FLIGHT = 64;
const here = path.dirname(fileURLToPath(import.meta.url));

/** 50 questions: single choices in a show-logic chain and some text answers (as the submit bench). */
function definition(title: string) {
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
    };
  });
  return { schemaVersion: 1, kind: "survey", title, pages: [{ id: "p1", questions }] };
}

function answers() {
  return Object.fromEntries(
    Array.from({ length: 50 }, (_, i) => [
      `q${i}`,
      i % 5 === 4 ? `第${i + 1}题的意见：整体不错，希望继续改进。` : { optionId: `o${i % 3}` },
    ]),
  );
}

interface Round {
  requests: number;
  failures: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  /** CPU milliseconds this process (the server, and its dispatcher) spent per submit during the round. */
  cpuPerSubmit: number;
}

async function pacedLoad(url: string, body: string): Promise<Round> {
  const before = process.cpuUsage();
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(here, "_paced-load.mjs"), url, body, String(RATE), String(SECONDS), String(MAX_IN_FLIGHT)],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  const used = process.cpuUsage(before);
  const round = JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as Omit<Round, "cpuPerSubmit">;
  return { ...round, cpuPerSubmit: (used.user + used.system) / 1000 / Math.max(round.requests, 1) };
}

/** The receiver in its own process; resolves with its port, and stops with how many messages it received. */
async function startReceiver() {
  const child = spawn(process.execPath, [path.join(here, "_webhook-receiver.mjs")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let onLine: (() => void) | null = null;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    lines.push(...chunk.split("\n").filter(Boolean));
    onLine?.();
  });
  const next = async () => {
    while (lines.length === 0) await new Promise<void>((resolve) => (onLine = resolve));
    return JSON.parse(lines.shift() ?? "{}") as { port?: number; received?: number };
  };
  const { port } = await next();
  return {
    port: port ?? 0,
    async stop() {
      child.kill("SIGTERM");
      return (await next()).received ?? 0;
    },
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-webhooks-"));
const postgres = await freshPostgres("wjgj_bench_wh_");
const receiver = await startReceiver();
const config = loadConfig({
  ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  WEB_DIST: path.join(dataDir, "none"),
  // The receiver listens on loopback: let the outbound client reach exactly it (test-only setting).
  OUTBOUND_TEST_ALLOW: `127.0.0.1:${receiver.port}`,
});
const { handle, ctx } = await openBenchContext(config);
// A member whose level takes any number of responses (a free account's questionnaire stops at its cap).
const unlimited = JSON.stringify({ responsesPerQuestionnaire: -1 });
await handle.db
  .insertInto("vip_sets")
  .values({
    level: 3,
    name: "基准会员",
    badge: "",
    priceMonthFen: 0,
    priceYearFen: 0,
    limits: unlimited,
    description: "",
    sort: 3,
    status: "published",
  })
  .onConflict((oc) => oc.column("level").doUpdateSet({ limits: unlimited }))
  .execute();
const user = await insertUser(handle.db, new Date(), {
  phone: "13900000019",
  vipLevel: 3,
  vipStopTime: "2099-01-01T00:00:00.000Z",
});
const token = await benchSession(ctx, user, 30);
const plain = await publishSurvey(ctx, token, "服务满意度调查（无推送）", definition("服务满意度调查"));
const hooked = await publishSurvey(ctx, token, "服务满意度调查（有推送）", definition("服务满意度调查"));
const app = await buildApp(ctx);
const url = await listen(app);
const created = await app.inject({
  method: "POST",
  url: "/wjgj/api/webhook/create",
  headers: { token, "content-type": "application/json" },
  payload: JSON.stringify({
    questionnaireId: hooked.questionnaire.id,
    url: `http://127.0.0.1:${receiver.port}/hooks/bench`,
    events: ["response.created"],
  }),
});
if (created.json().code !== 200) throw new Error(`webhook/create: ${created.body}`);

const bodyOf = (survey: typeof plain, prefix: string) =>
  JSON.stringify({
    publicId: survey.questionnaire.publicId,
    revisionId: survey.revision.id,
    answerToken: issueAnswerToken(ctx, survey.questionnaire.publicId, survey.revision.id),
    answers: answers(),
    idempotencyKey: `${prefix}-__N__`,
    deviceId: "device-__N__",
    durationSeconds: 95,
  });
const submitUrl = `${url}/wjgj/api/anQuestion/questionAnswer`;

const pendingCount = async () =>
  Number(
    (
      await handle.db
        .selectFrom("webhook_deliveries")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("status", "=", "pending")
        .executeTakeFirst()
    )?.count ?? 0,
  );

/** Seconds from now until no delivery is pending (polled every 20 ms; at most a minute). */
async function drain(): Promise<{ seconds: number; pendingAtEnd: number }> {
  const started = performance.now();
  const pendingAtEnd = await pendingCount();
  while ((await pendingCount()) > 0) {
    if (performance.now() - started > 60_000) throw new Error("deliveries did not drain within a minute");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { seconds: (performance.now() - started) / 1000, pendingAtEnd };
}

type Side = { rounds: Round[]; drains: { seconds: number; pendingAtEnd: number }[] };
const without: Side = { rounds: [], drains: [] };
const withHook: Side = { rounds: [], drains: [] };
// The hook, its messages held back during the burst (the hook paused): what the outbox row alone costs a submit.
const held: Side = { rounds: [], drains: [] };
const holdDeliveries = (until: string | null) =>
  handle.db.updateTable("webhooks").set({ pausedUntil: until }).execute();
const run = async (side: "with" | "without" | "held", round: number) => {
  if (side === "held") await holdDeliveries("9999-12-31T00:00:00.000Z");
  const result = await pacedLoad(
    submitUrl,
    side === "without" ? bodyOf(plain, `without${round}`) : bodyOf(hooked, `${side}${round}`),
  );
  if (result.failures > 0) throw new Error(`${result.failures} submissions failed (${side})`);
  if (side === "without") {
    without.rounds.push(result);
    return;
  }
  if (side === "held") {
    await holdDeliveries(null);
    webhookDispatchOf(app).wake();
  }
  const target = side === "with" ? withHook : held;
  target.rounds.push(result);
  target.drains.push(await drain());
};
// Warm both paths (statement caches, the dispatcher's first run) before anything is measured.
await pacedLoad(submitUrl, bodyOf(plain, "warm-plain"));
await pacedLoad(submitUrl, bodyOf(hooked, "warm-hooked"));
await drain();
const orders: ("with" | "without" | "held")[][] = [
  ["without", "with", "held"],
  ["with", "held", "without"],
  ["held", "without", "with"],
];
for (let round = 0; round < ROUNDS; round++) {
  // Which side goes first rotates: the database grows as the rounds go.
  for (const side of orders[round % orders.length] ?? []) await run(side, round);
}

const responsesOf = async (questionnaireId: number) =>
  Number(
    (
      await handle.db
        .selectFrom("responses")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("questionnaireId", "=", questionnaireId)
        .executeTakeFirst()
    )?.count ?? 0,
  );
const statusCounts = await handle.db
  .selectFrom("webhook_deliveries")
  .select(["status", (eb) => eb.fn.countAll().as("count")])
  .groupBy("status")
  .execute();
const hookedResponses = await responsesOf(hooked.questionnaire.id);
await app.close();
const received = await receiver.stop();
await handle.destroy();
await postgres?.drop();
fs.rmSync(dataDir, { recursive: true, force: true });

const round2 = (n: number) => Math.round(n * 100) / 100;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1);
// Each side keeps its best round, as the submit bench does: on a machine shared with other work a round can lose
// half its rate to a neighbour, and the best round is the one least disturbed.
const bestRps = (side: Side) => Math.max(...side.rounds.map((r) => r.rps));
const cpu = (side: Side) => mean(side.rounds.map((r) => r.cpuPerSubmit));
const worst = (side: Side, key: "p99_ms" | "p50_ms") => Math.max(...side.rounds.map((r) => r[key]));
const delivered = Number(statusCounts.find((row) => row.status === "delivered")?.count ?? 0);
const notDelivered = statusCounts.filter((row) => row.status !== "delivered");
const drainS = Math.max(...withHook.drains.map((d) => d.seconds));
console.log(
  `${handle.dialect}: offered ${RATE} submits/s for ${SECONDS} s, ${ROUNDS} rounds each side: without a hook ${without.rounds.map((r) => round2(r.rps)).join(", ")}/s (p50/p99 ${round2(worst(without, "p50_ms"))}/${round2(worst(without, "p99_ms"))} ms); with a hook ${withHook.rounds.map((r) => round2(r.rps)).join(", ")}/s (p50/p99 ${round2(worst(withHook, "p50_ms"))}/${round2(worst(withHook, "p99_ms"))} ms)`,
);
console.log(
  `CPU ms of this process per submit (mean of rounds): without ${round2(cpu(without))}, with the hook ${round2(cpu(withHook))} (delivery during the burst included), held ${round2(cpu(held))}`,
);
console.log(
  `with the hook but its messages held back during the burst (the outbox row alone): ${held.rounds.map((r) => round2(r.rps)).join(", ")}/s (p50/p99 ${round2(worst(held, "p50_ms"))}/${round2(worst(held, "p99_ms"))} ms); ${held.drains.map((d) => d.pendingAtEnd).join(", ")} then sent in ${held.drains.map((d) => round2(d.seconds)).join(", ")} s`,
);
console.log(
  `deliveries: ${delivered} delivered for ${hookedResponses} responses to the hooked questionnaire (receiver got ${received}); ${notDelivered.map((row) => `${row.count} ${row.status}`).join(", ") || "none pending or failed"}; pending when each burst ended: ${withHook.drains.map((d) => d.pendingAtEnd).join(", ")}, drained in ${withHook.drains.map((d) => round2(d.seconds)).join(", ")} s`,
);
console.log(
  JSON.stringify({
    bench: "webhooks",
    dialect: handle.dialect,
    offered_rps: RATE,
    without_rps: round2(bestRps(without)),
    with_rps: round2(bestRps(withHook)),
    without_p99_ms: round2(worst(without, "p99_ms")),
    with_p99_ms: round2(worst(withHook, "p99_ms")),
    delivered,
    responses: hookedResponses,
    all_delivered: delivered === hookedResponses && notDelivered.length === 0,
    held_rps: round2(bestRps(held)),
    cpu_ms_per_submit: {
      without: round2(cpu(without)),
      with: round2(cpu(withHook)),
      held: round2(cpu(held)),
    },
    outbox_ratio: round2(bestRps(held) / bestRps(without)),
    ratio: round2(bestRps(withHook) / bestRps(without)),
    drain_s: round2(drainS),
  }),
);
