import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { decodeSnapshot } from "./fact-bitset-snapshot.ts";
import type { IndexWorkerInput, IndexWorkerMessage } from "./fact-index-build.ts";

/**
 * The production build runs plain node: the index worker must exist as a bundle of its own beside main.js
 * and build an index from a SQLite file with nothing but its bundle (no tsx).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-index-worker-"));
const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/** The two tables the worker reads, with `count` responses: every third has option a, the rest b. */
function database(count: number): string {
  const file = path.join(dir, "facts.sqlite");
  const db = new SQLite(file);
  db.exec(`create table responses (id integer primary key, questionnaire_id integer, status text,
      submitted_at text, source text);
    create table response_facts (questionnaire_id integer, response_id integer, question_id text, key text,
      num real, text text, primary key (questionnaire_id, response_id, key));`);
  const response = db.prepare(
    "insert into responses values (?, 7, 'valid', '2026-11-01T02:00:00.000Z', 'link')",
  );
  const fact = db.prepare("insert into response_facts values (7, ?, 'qs', ?, null, null)");
  db.transaction(() => {
    for (let id = 1; id <= count; id += 1) {
      response.run(id);
      fact.run(id, id % 3 === 0 ? "option:qs:a" : "option:qs:b");
    }
  })();
  db.close();
  return file;
}

describe("the bundled index worker", () => {
  it("builds the index from the database file in rounds, without tsx", async () => {
    // Inside the package, so the bundle finds its npm packages (better-sqlite3, kysely) as dist/ does.
    const outdir = path.join(here, "../../../dist", `worker-test-${process.pid}`);
    cleanups.push(() => fs.rmSync(outdir, { recursive: true, force: true }));
    const built = spawnSync(
      process.execPath,
      [path.join(here, "../../../scripts/build.mjs"), "--outdir", outdir],
      {
        encoding: "utf8",
      },
    );
    expect(built.status, built.stderr).toBe(0);
    const input: IndexWorkerInput = {
      file: database(30),
      questionnaireId: 7,
      chunk: 8,
      expected: 30,
      version: 3,
      dir: path.join(dir, "snapshots"),
    };
    const worker = new Worker(path.join(outdir, "fact-index-worker.js"), { workerData: input });
    const rounds: number[] = [];
    const bytes = await new Promise<ArrayBuffer>((resolve, reject) => {
      worker.on("message", (message: IndexWorkerMessage) => {
        if (message.kind === "round") {
          rounds.push(message.progress);
          worker.postMessage("go");
        } else resolve(message.bytes);
      });
      worker.on("error", reject);
    });
    await worker.terminate();
    expect(rounds).toEqual([26, 53, 80]);
    const index = decodeSnapshot(7, Buffer.from(bytes));
    expect([index?.size, index?.validCount, index?.version]).toEqual([30, 30, 3]);
    expect(index?.keys.get("option:qs:a")?.count).toBe(10);
    expect(fs.existsSync(path.join(dir, "snapshots", "q7.idx"))).toBe(true);
  });
});
