import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { definitionSchema } from "@wjgj/core";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { appendBatchXml } from "../exports/batch-xml.ts";
import { exportLayout, type ResponseSlice } from "../exports/row-layout.ts";
import { columnNames } from "../exports/sheet-xml.ts";
import { XmlWorker, type XmlWorkerInput } from "../exports/xml-worker-client.ts";
import { decodeSnapshot } from "./fact-bitset-snapshot.ts";
import type { IndexWorkerInput, IndexWorkerMessage } from "./fact-index-build.ts";

/**
 * The production build runs plain node: its workers (the results index's, the xlsx export's) must exist as
 * bundles of their own beside main.js and do their work with nothing but their bundle (no tsx).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-index-worker-"));
const cleanups = [() => fs.rmSync(dir, { recursive: true, force: true })];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

/**
 * The tables the worker reads (fact rows, and the packs of bare keys of migration 0260), with `count`
 * responses: every third has option a, the rest b, each with a number answer as a row.
 */
function database(count: number): string {
  const file = path.join(dir, "facts.sqlite");
  const db = new SQLite(file);
  db.exec(`create table responses (id integer primary key, questionnaire_id integer, status text,
      submitted_at text, source text);
    create table response_facts (questionnaire_id integer, response_id integer, question_id text, key text,
      num real, text text, primary key (questionnaire_id, response_id, key));
    create table response_fact_keys (questionnaire_id integer, response_id integer primary key, keys text);`);
  const response = db.prepare(
    "insert into responses values (?, 7, 'valid', '2026-11-01T02:00:00.000Z', 'link')",
  );
  const pack = db.prepare("insert into response_fact_keys values (7, ?, ?)");
  const fact = db.prepare("insert into response_facts values (7, ?, 'qn', 'num:qn:5', 5, null)");
  db.transaction(() => {
    for (let id = 1; id <= count; id += 1) {
      response.run(id);
      pack.run(id, JSON.stringify([["qs", id % 3 === 0 ? "option:qs:a" : "option:qs:b"]]));
      fact.run(id);
    }
  })();
  db.close();
  return file;
}

/** The production build in a folder of its own, once for the file. */
let built: string | null = null;
function productionBuild(): string {
  if (built) return built;
  // Inside the package, so the bundle finds its npm packages (better-sqlite3, kysely) as dist/ does.
  const outdir = path.join(here, "../../../dist", `worker-test-${process.pid}`);
  cleanups.push(() => fs.rmSync(outdir, { recursive: true, force: true }));
  const result = spawnSync(
    process.execPath,
    [path.join(here, "../../../scripts/build.mjs"), "--outdir", outdir],
    {
      encoding: "utf8",
    },
  );
  expect(result.status, result.stderr).toBe(0);
  built = outdir;
  return outdir;
}

describe("the bundled index worker", () => {
  it("builds the index from the database file in rounds, without tsx", async () => {
    const outdir = productionBuild();

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
    expect(index?.keys.get("option:qs:b")?.count).toBe(20);
    expect(index?.keys.get("num:qn:5")?.count).toBe(30);
    expect(fs.existsSync(path.join(dir, "snapshots", "q7.idx"))).toBe(true);
  });
});

describe("the bundled xlsx export worker", () => {
  it("renders a batch's rows as this thread renders them, without tsx", async () => {
    const definition = definitionSchema.parse({
      schemaVersion: 1,
      kind: "survey",
      title: "打包的导出线程",
      pages: [{ id: "p1", questions: [{ id: "advice", type: "textarea", title: "您的建议", config: {} }] }],
    });
    const options = { hidePersonal: false, fullPersonal: false, wechat: false, candidates: false };
    const layout = exportLayout(definition, null, options);
    const input: XmlWorkerInput = { definition, filter: null, options, headers: layout.headers };
    const response = (id: number, advice: string): ResponseSlice => ({
      id,
      seq: id,
      revisionId: 1,
      answers: "",
      answerBytes: Buffer.from(JSON.stringify({ advice })),
      labels: "",
      score: null,
      status: "valid",
      ip: "127.0.0.1",
      source: "link",
      durationSeconds: 30,
      submittedAt: "2026-12-01T02:00:00.000Z",
      deviceId: "",
    });
    const batch = [response(1, "=1+2"), response(2, "很好 😀 <b>&")];
    const questions = new Map(definition.pages[0]?.questions.map((q) => [q.id, q]));

    const worker = new XmlWorker(
      new Worker(path.join(productionBuild(), "xml-worker.js"), { workerData: input }),
    );
    try {
      await worker.whenReady();
      worker.send(batch, 1, () => questions);
      const rendered = await worker.next();
      const here = { bytes: new Uint8Array(64), length: 0 };
      appendBatchXml(here, layout, columnNames(layout.headers.length), () => questions, batch, 1);
      const xml = Buffer.from(rendered.buffer, 0, rendered.length).toString("utf8");
      expect(rendered.rows).toBe(2);
      expect(xml).toBe(Buffer.from(here.bytes.subarray(0, here.length)).toString("utf8"));
      expect(xml).toContain("很好 😀 &lt;b&gt;&amp;");
    } finally {
      await worker.stop();
    }
  });
});
