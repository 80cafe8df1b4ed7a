// The template gallery at scale: 10,000 public templates on a real SQLite database. Times the centre's
// search call (navigation/getChoiceTemplateList with a keyword and filters) and quoting a 200-question
// template (navigation/quoteTemplate), each against the plain list call measured in the same run.
// Budgets (issue #13): search p95 <= 50 ms, quote p95 <= 100 ms. Last line: one JSON object.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { questionnaireKinds } from "@wjgj/core";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../packages/server/src/app.ts";
import { systemClock } from "../packages/server/src/clock.ts";
import { insertUser } from "../packages/server/src/commands/account/users.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { benchSession, openBenchContext } from "./_setup.ts";

const TEMPLATES = Number(process.env.BENCH_TEMPLATES ?? 10_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const QUOTES = Number(process.env.BENCH_QUOTES ?? 40);

const WORDS = [
  "满意度",
  "考试",
  "报名",
  "投票",
  "调研",
  "培训",
  "消防",
  "健康",
  "招聘",
  "活动",
  "客户",
  "员工",
];

function definition(questions: number, title: string) {
  return {
    schemaVersion: 1,
    kind: "survey",
    title,
    pages: [
      {
        id: "p1",
        questions: Array.from({ length: questions }, (_, i) => ({
          id: `q${i + 1}`,
          type: i % 3 === 2 ? "textarea" : "single",
          title: `第${i + 1}题：您对本项服务的评价`,
          required: i % 2 === 0,
          config:
            i % 3 === 2
              ? {}
              : {
                  options: ["非常满意", "满意", "一般", "不满意"].map((label, o) => ({
                    id: `q${i + 1}_o${o + 1}`,
                    label,
                  })),
                },
        })),
      },
    ],
  };
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timeCalls(app: FastifyInstance, calls: number, request: (i: number) => InjectOptions) {
  const samples: number[] = [];
  for (let i = 0; i < calls; i += 1) {
    const start = process.hrtime.bigint();
    const res = await app.inject(request(i));
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (res.json().code !== 200) throw new Error(`unexpected answer ${res.body.slice(0, 200)}`);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-bench-"));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: path.join(dataDir, "none") });
const { handle, ctx } = await openBenchContext(config);
const user = await insertUser(handle.db, new Date(), { phone: "13900000001" });
const token = await benchSession(ctx, user, 30);
const now = new Date().toISOString();
const professions = await handle.db
  .insertInto("template_professions")
  .values(WORDS.slice(0, 10).map((name, i) => ({ name: `行业${name}`, sort: i, createdAt: now })))
  .returning("id")
  .execute();
const small = JSON.stringify(definition(10, "模板"));
for (let start = 0; start < TEMPLATES; start += 500) {
  const rows = Array.from({ length: Math.min(500, TEMPLATES - start) }, (_, j) => {
    const i = start + j;
    const kind = questionnaireKinds[i % questionnaireKinds.length] ?? "survey";
    const title = `${WORDS[i % WORDS.length]}${WORDS[(i * 7) % WORDS.length]}模板 ${i}`;
    const tags = [WORDS[(i * 3) % WORDS.length] ?? ""];
    return {
      ownerId: null,
      official: 1,
      kind,
      categoryId: `${kind}-1`,
      professionId: professions[i % professions.length]?.id ?? null,
      title,
      description: `适用于${WORDS[(i * 5) % WORDS.length]}场景的模板`,
      cover: "",
      tags: JSON.stringify(tags),
      searchText: `${title} ${tags.join(" ")}`.toLowerCase(),
      definition: small,
      questionCount: 10,
      visibility: "public" as const,
      reviewState: "approved" as const,
      rejectReason: "",
      featured: 0,
      useCount: i % 97,
      createdAt: now,
      updatedAt: new Date(Date.parse(now) - i * 1000).toISOString(),
    };
  });
  await handle.db.insertInto("templates").values(rows).execute();
}
const big = await handle.db
  .insertInto("templates")
  .values({
    ownerId: null,
    official: 1,
    kind: "survey",
    categoryId: "",
    professionId: null,
    title: "200题大型调研模板",
    description: "",
    cover: "",
    tags: "[]",
    searchText: "200题大型调研模板",
    definition: JSON.stringify(definition(200, "200题大型调研模板")),
    questionCount: 200,
    visibility: "public",
    reviewState: "approved",
    rejectReason: "",
    featured: 0,
    useCount: 0,
    createdAt: now,
    updatedAt: now,
  })
  .returning("id")
  .executeTakeFirstOrThrow();

const app = await buildApp({ config, db: handle.db, dialect: handle.dialect, clock: systemClock });
const list = "/wjgj/api/navigation/getChoiceTemplateList";
// Warm both paths (prepared statements, JIT) before measuring.
await timeCalls(app, 30, () => ({ method: "GET", url: list }));
const baseline = await timeCalls(app, CALLS, (i) => ({
  method: "GET",
  url: list,
  query: { pageNum: String((i % 5) + 1) },
}));
const search = await timeCalls(app, CALLS, (i) => ({
  method: "GET",
  url: list,
  query: {
    keyword: WORDS[i % WORDS.length] ?? "",
    kind: questionnaireKinds[i % questionnaireKinds.length] ?? "survey",
    sort: i % 2 ? "hot" : "new",
    pageSize: "12",
  },
}));
const quote = await timeCalls(app, QUOTES, () => ({
  method: "POST",
  url: "/wjgj/api/navigation/quoteTemplate",
  headers: { token },
  payload: { id: big.id },
}));
await app.close();
await handle.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });

const round = (n: number) => Math.round(n * 100) / 100;
console.log(`${TEMPLATES} public templates`);
console.log(`plain list (baseline): p50 ${round(baseline.p50)} ms, p95 ${round(baseline.p95)} ms`);
console.log(`search: p50 ${round(search.p50)} ms, p95 ${round(search.p95)} ms (budget 50 ms)`);
console.log(`quote 200 questions: p50 ${round(quote.p50)} ms, p95 ${round(quote.p95)} ms (budget 100 ms)`);
console.log(
  JSON.stringify({
    bench: "templates",
    templates: TEMPLATES,
    baseline_p95_ms: round(baseline.p95),
    search_p95_ms: round(search.p95),
    quote_p95_ms: round(quote.p95),
    search_ratio: round(search.p95 / baseline.p95),
    quote_ratio: round(quote.p95 / baseline.p95),
    search_within_budget: search.p95 <= 50,
    quote_within_budget: quote.p95 <= 100,
  }),
);
