// Shared by the benchmarks over a million responses (stats, analysis): a questionnaire published through the
// real code, then its responses, their facts and the counters the submit path would keep, written in bulk
// into the SQLite database, and the built file kept in the temp directory for the next run.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { counterKeysOf, responseFacts, type SurveyDefinition } from "@wjgj/core";
import SQLite from "better-sqlite3";
import { insertUser } from "../packages/server/src/commands/account/users.ts";
import { masterKeyPath } from "../packages/server/src/commands/privacy/keyring.ts";
import { splitFacts } from "../packages/server/src/commands/results/fact-packs.ts";
import { loadConfig } from "../packages/server/src/config.ts";
import { benchSession, openBenchContext, publishSurvey } from "./_setup.ts";

const log = (text: string) => process.stderr.write(`${text}\n`);

/** What a bulk benchmark writes. */
export interface BulkSpec {
  /** Names the kept database file. */
  name: string;
  /** Bumped when the data written changes in a way the definition does not show. */
  layout: number;
  responses: number;
  /** The owner's phone (the benchmark logs in as them). */
  phone: string;
  title: string;
  definition: unknown;
  /** One answer sheet, from deterministic random numbers; `patterns` of them are spread over the responses. */
  answersOf(next: () => number): Record<string, unknown>;
  /** Distinct answer sheets (default 4,099): as many as responses when each must differ (open texts). */
  patterns?: number;
}

/** Deterministic pseudo-random numbers (LCG), so every run builds the same data. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const PATTERNS = 4099;
const START_SECONDS = Date.parse("2026-01-01T00:00:00Z") / 1000;
const SPAN_SECONDS = 120 * 86_400;

/** Which of `patterns` answer patterns response `id` gets: a multiplicative hash, the same in SQL and here. */
const patternOf = (id: number, patterns: number) => ((id * 48_271) % 2_147_483_647) % patterns;

/** Where a built database is kept between runs: keyed by the spec, migrations, fact layout and size. */
function cacheFile(spec: BulkSpec): string {
  const hash = crypto
    .createHash("sha256")
    .update(
      `${spec.name}:${spec.layout}:${spec.responses}:${spec.patterns ? `${spec.patterns}:` : ""}${JSON.stringify(spec.definition)}`,
    );
  const here = path.dirname(fileURLToPath(import.meta.url));
  const migrations = path.join(here, "../packages/server/src/db/migrations");
  for (const file of fs.readdirSync(migrations).sort())
    hash.update(fs.readFileSync(path.join(migrations, file)));
  hash.update(fs.readFileSync(path.join(here, "../packages/core/src/results/facts.ts")));
  return path.join(os.tmpdir(), `wjgj-bench-${spec.name}-${hash.digest("hex").slice(0, 16)}.sqlite`);
}

/**
 * Writes the responses, their facts and the counters the submit path would have kept, in bulk: 4,099 (or
 * `spec.patterns`) distinct answer sheets (made by core's responseFacts, as submit does) spread over 1,000,000 responses by a
 * hash, expanded inside SQLite with INSERT … SELECT. Only for this build the database runs without a journal
 * or fsync and with a large page cache, and the secondary indexes (read from the schema the migrations made,
 * partial ones included) are dropped first and created once the rows are in: sorted index builds instead of
 * a random insert per row.
 */
function buildData(
  file: string,
  questionnaireId: number,
  revisionId: number,
  def: SurveyDefinition,
  spec: BulkSpec,
) {
  const { responses } = spec;
  const patterns = spec.patterns ?? PATTERNS;
  const db = new SQLite(file);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -500000");
  db.pragma("temp_store = MEMORY");
  db.pragma("threads = 2");
  db.pragma("foreign_keys = OFF");
  const began = performance.now();
  const step = (what: string) => log(`  ${what} (${Math.round(performance.now() - began)} ms)`);
  const next = random(7);
  db.exec(`create temp table patterns (pid integer primary key, answers text, source text, duration integer, keys text);
    create temp table pattern_facts (pid integer, question_id text, key text, num real, text text, primary key (pid, key)) without rowid;`);
  const addPattern = db.prepare("insert into patterns values (?, ?, ?, ?, ?)");
  const addFact = db.prepare("insert into pattern_facts values (?, ?, ?, ?, ?)");
  const patternKeys: string[][] = [];
  const patternDuration: number[] = [];
  let factsPerPattern = 0;
  db.transaction(() => {
    for (let pid = 0; pid < patterns; pid += 1) {
      const answers = spec.answersOf(next);
      const source = next() < 0.6 ? "wechat" : "link";
      const duration = 40 + Math.floor(next() * 300);
      const facts = responseFacts(def, answers);
      // As the submit stores them (fact-packs.ts): bare keys in the response's pack, the rest as rows.
      const { rows, packed } = splitFacts(facts);
      addPattern.run(
        pid,
        JSON.stringify(answers),
        source,
        duration,
        packed.length > 0 ? JSON.stringify(packed) : null,
      );
      for (const fact of rows)
        addFact.run(pid, fact.questionId, fact.key, fact.num ?? null, fact.text ?? null);
      factsPerPattern += facts.length;
      patternKeys.push(
        counterKeysOf(facts, { day: "", source }).filter((key) => key !== "total" && !key.startsWith("day:")),
      );
      patternDuration.push(duration);
    }
  })();
  const indexes = db
    .prepare(
      "select name, sql from sqlite_master where type = 'index' and tbl_name in ('responses', 'response_facts', 'response_fact_keys') and sql is not null",
    )
    .all() as { name: string; sql: string }[];
  for (const index of indexes) db.exec(`drop index ${index.name}`);
  const series = `with recursive n(id) as (select 1 union all select id + 1 from n where id < ${responses})`;
  const pattern = `((n.id * 48271) % 2147483647) % ${patterns}`;
  db.transaction(() => {
    db.exec(`${series}
      insert into responses (id, questionnaire_id, revision_id, answers, labels, score, max_score, passed, end_state, status,
        ip, user_agent, device_id, user_id, source, duration_seconds, idempotency_key, submitted_at)
      select n.id, ${questionnaireId}, ${revisionId}, p.answers, '{}', null, null, null, 'submitted', 'valid', '10.0.0.1', 'bench',
        'd' || n.id, null, p.source, p.duration, 'k' || n.id,
        strftime('%Y-%m-%dT%H:%M:%fZ', ${START_SECONDS} + (n.id * ${SPAN_SECONDS}) / ${responses}, 'unixepoch')
      from n join patterns p on p.pid = ${pattern}`);
  })();
  step("responses");
  db.transaction(() => {
    db.exec(`${series}
      insert into response_facts (questionnaire_id, response_id, question_id, key, num, text)
      select ${questionnaireId}, n.id, f.question_id, f.key, f.num, f.text from n join pattern_facts f on f.pid = ${pattern}`);
    db.exec(`${series}
      insert into response_fact_keys (questionnaire_id, response_id, keys)
      select ${questionnaireId}, n.id, p.keys from n join patterns p on p.pid = ${pattern} where p.keys is not null`);
  })();
  step("facts");
  for (const index of indexes) {
    db.exec(index.sql);
    step(`index ${index.name}`);
  }

  // Counters as the submit path would have summed them, response by response.
  const counters = new Map<string, number>();
  const bump = (key: string, by = 1) => counters.set(key, (counters.get(key) ?? 0) + by);
  const uses = new Array<number>(patterns).fill(0);
  for (let id = 1; id <= responses; id += 1) {
    const pid = patternOf(id, patterns);
    uses[pid] = (uses[pid] ?? 0) + 1;
    const at = START_SECONDS + Math.floor((id * SPAN_SECONDS) / responses);
    bump(`day:${new Date((at + 8 * 3600) * 1000).toISOString().slice(0, 10)}`);
  }
  bump("total", responses);
  uses.forEach((count, pid) => {
    if (count === 0) return;
    for (const key of patternKeys[pid] ?? []) bump(key, count);
    bump("duration", (patternDuration[pid] ?? 0) * count);
  });
  const insert = db.prepare(
    "insert into response_counter_shards (questionnaire_id, key, shard, count) values (?, ?, 0, ?)",
  );
  db.transaction(() => {
    db.prepare("delete from response_counter_shards where questionnaire_id = ?").run(questionnaireId);
    for (const [key, count] of counters) insert.run(questionnaireId, key, count);
  })();
  db.exec("analyze");
  step("counters and analyze");
  db.close();
  log(`  ${responses} responses, about ${Math.round((factsPerPattern / patterns) * responses)} facts`);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * A database holding the questionnaire and its responses: a copy of the one built by an earlier run with
 * the same layout when there is one (BENCH_REBUILD=1 builds anew), otherwise built here and kept for the next.
 */
export async function prepareBulkDatabase(config: ReturnType<typeof loadConfig>, spec: BulkSpec) {
  const { responses } = spec;
  const file = path.join(config.dataDir, "wjgj.sqlite");
  const cached = cacheFile(spec);
  if (fs.existsSync(cached) && fs.existsSync(`${cached}.master.key`) && process.env.BENCH_REBUILD !== "1") {
    log(
      `reusing the database built by an earlier run: ${cached} (delete it or set BENCH_REBUILD=1 to rebuild)`,
    );
    fs.copyFileSync(cached, file);
    // The database's personal-data keys are wrapped by the master key it was built with: that key comes too.
    fs.mkdirSync(path.dirname(masterKeyPath(config)), { recursive: true, mode: 0o700 });
    fs.copyFileSync(`${cached}.master.key`, masterKeyPath(config));
    return;
  }
  const { handle, ctx } = await openBenchContext(config);
  const user = await insertUser(handle.db, new Date(), { phone: spec.phone, nickName: "基准" });
  const token = await benchSession(ctx, user, 7);
  const { questionnaire: created, revision } = await publishSurvey(ctx, token, spec.title, spec.definition);
  await handle.destroy();
  log(`building ${responses} responses …`);
  const built = performance.now();
  buildData(file, created.id, revision.id, JSON.parse(revision.definition) as SurveyDefinition, spec);
  log(`  built in ${Math.round((performance.now() - built) / 1000)} s`);
  fs.copyFileSync(masterKeyPath(config), `${cached}.master.key`);
  fs.copyFileSync(file, `${cached}.part`);
  fs.renameSync(`${cached}.part`, cached);
  log(`  kept for the next run: ${cached}`);
}

/**
 * A temp data directory holding the spec's database (built or copied from the kept one), opened the way the
 * server opens it (WAL, synchronous=FULL), and the owner's user row. The caller removes `dataDir`.
 */
export async function openBulkBench(spec: BulkSpec) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `wjgj-bench-${spec.name}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    WEB_DIST: path.join(dataDir, "no-web"),
  });
  await prepareBulkDatabase(config, spec);
  const { handle, ctx } = await openBenchContext(config);
  const user = await handle.db
    .selectFrom("users")
    .selectAll()
    .where("phone", "=", spec.phone)
    .executeTakeFirstOrThrow();
  return { dataDir, config, handle, ctx, user };
}
