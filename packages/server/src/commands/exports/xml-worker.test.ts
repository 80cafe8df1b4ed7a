import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ExportFilter } from "@wjgj/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  publishNew,
  readSheet,
  saveAndPublish,
  submitAnswers,
  zipEntries,
} from "../../../test/export-fixtures.ts";
import { type BuiltUser, buildUser } from "../../../test/factories.ts";
import { createTestContext, type TestContext } from "../../../test/helpers.ts";
import { serialsInIdOrder } from "../results/serials.ts";
import { appendBatchXml } from "./batch-xml.ts";
import {
  exportLayout,
  type ResponseSlice,
  RevisionQuestions,
  responseBatches,
  responseRow,
  serialOf,
} from "./rows.ts";
import { columnNames, sheetRowXml } from "./sheet-xml.ts";
import { latestDefinition, writeExportFile } from "./write-file.ts";
import { XmlWorker } from "./xml-worker-client.ts";

/**
 * The xlsx worker thread (xml-worker.ts) renders the rows the main thread would: the same workbook, byte for
 * byte, for a questionnaire with piped labels, two revisions, sealed and masked personal answers, "other"
 * texts, formula-like and markup text, on SQLite and PostgreSQL. A worker that fails fails the export.
 */
function definition(version: 1 | 2) {
  const renamed = version === 2;
  return {
    schemaVersion: 1,
    kind: "survey",
    title: "工作线程导出",
    pages: [
      {
        id: "p1",
        questions: [
          {
            id: "gender",
            type: "single",
            title: "您的性别",
            config: {
              options: [
                { id: "m", label: "男" },
                { id: "f", label: "女" },
              ],
            },
          },
          {
            id: "channels",
            type: "multiple",
            title: "您通过哪些<b>渠道</b>了解我们",
            config: {
              options: [
                { id: "web", label: renamed ? "官方网站（{{gender}}）" : "官网（{{gender}}）" },
                { id: "friend", label: "朋友推荐" },
                { id: "other", label: "其他", other: {} },
              ],
            },
          },
          {
            id: "rate",
            type: "matrixSingle",
            title: "请评价以下方面",
            config: {
              rows: [
                { id: "r1", label: "服务态度" },
                { id: "r2", label: "响应速度" },
              ],
              columns: [
                { id: "c1", label: renamed ? "很满意" : "满意" },
                { id: "c2", label: "不满意" },
              ],
            },
          },
          {
            id: "contact",
            type: "multiBlank",
            title: "联系方式",
            config: { blanks: [{ id: "b1", label: "城市", required: false }] },
          },
          { id: "name", type: "personal", title: "姓名", config: { preset: "name" } },
          { id: "phone", type: "personal", title: "手机", config: { preset: "mobile" } },
          ...(renamed ? [] : [{ id: "age", type: "number", title: "您的年龄", config: {} }]),
          { id: "advice", type: "textarea", title: "您的建议", config: {} },
        ],
      },
    ],
  };
}

const ADVICE = ["=1+2", '说"好"，<也说>,\n再见 & 谢谢', "-5 分", "控制\u0001字符", "  前后空格  ", "😀 ﬁ"];
const COPIES = 2_400;

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;
const reordered: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const q = await publishNew(t, owner, definition(1));
  questionnaireId = q.id;
  for (let i = 0; i < 3; i += 1) {
    await submitAnswers(t, q.publicId, {
      gender: { optionId: i % 2 === 0 ? "m" : "f" },
      channels: { optionIds: ["web", "other"], otherTexts: { other: `展会${i}` } },
      rate: { r1: "c1", r2: "c2" },
      contact: { b1: "@北京" },
      name: "欧阳明",
      phone: "13912345678",
      age: 30 + i,
      advice: ADVICE[i],
    });
  }
  await saveAndPublish(t, owner, q.id, definition(2));
  for (let i = 3; i < 6; i += 1) {
    await submitAnswers(
      t,
      q.publicId,
      {
        gender: { optionId: "f" },
        channels: { optionIds: ["friend", "web"] },
        rate: { r1: "c1", r2: "c1" },
        name: "李四",
        advice: ADVICE[i],
      },
      { source: "wechat", durationSeconds: 40 + i },
    );
  }
  // Thousands of rows (keyset batches of 100), copied from the six: sealed answers and labels as stored.
  const stored = await t.db.selectFrom("responses").selectAll().where("questionnaireId", "=", q.id).execute();
  const copies = Array.from({ length: COPIES }, (_, i) => {
    const { id: _id, ...rest } = stored[i % stored.length] as (typeof stored)[number];
    return { ...rest, idempotencyKey: `copy-${i}`, status: i % 7 === 3 ? "invalid" : rest.status };
  });
  for (let i = 0; i < copies.length; i += 400) {
    await t.db
      .insertInto("responses")
      .values(copies.slice(i, i + 400))
      .execute();
  }
  // A few with the sealed member first, as no writer stores it: read whole, not by their last member.
  const some = await t.db
    .selectFrom("responses")
    .select(["id", "answers"])
    .where("questionnaireId", "=", q.id)
    .where("answers", "like", '%"~sealed":"enc:v1:%')
    .orderBy("id")
    .limit(3)
    .offset(1000)
    .execute();
  for (const { id, answers } of some) {
    const { "~sealed": sealed, ...rest } = JSON.parse(answers) as Record<string, unknown>;
    await t.db
      .updateTable("responses")
      .set({ answers: JSON.stringify({ "~sealed": sealed, ...rest }) })
      .where("id", "=", id)
      .execute();
    reordered.push(id);
  }
});
afterAll(async () => {
  await t.close();
});

async function exported(name: string, rowThread: "always" | "never", filter: ExportFilter | null) {
  const filePath = path.join(t.config.dataDir, name);
  const progress: number[] = [];
  const { rows } = await writeExportFile(t.db, {
    questionnaireId,
    kind: "xlsx",
    filter,
    filePath,
    storage: t.storage,
    rowThread,
    onProgress: async (written) => {
      progress.push(written);
    },
  });
  const entries = zipEntries(fs.readFileSync(filePath));
  return { rows, progress, filePath, entries };
}

const sheetOf = (entries: { name: string; data: Buffer }[]) =>
  entries.find((entry) => entry.name.endsWith("xl/worksheets/sheet1.xml"))?.data.toString("utf8") ?? "";

describe("the xlsx worker thread", () => {
  it.each([
    ["masked", null],
    ["in full, with invalid responses", { fullPersonal: true, includeInvalid: true } as ExportFilter],
  ])("writes the workbook this thread writes, byte for byte (%s)", async (_name, filter) => {
    const here = await exported("here.xlsx", "never", filter);
    const there = await exported("there.xlsx", "always", filter);
    expect(there.rows).toBe(here.rows);
    expect(there.rows).toBeGreaterThan(2_000);
    const xml = sheetOf(there.entries);
    expect(xml.length).toBeGreaterThan(500_000);
    expect(xml).toBe(sheetOf(here.entries));
    // Every part but the dated document properties.
    const parts = (entries: { name: string; data: Buffer }[]) =>
      entries
        .filter((e) => !e.name.endsWith("docProps/core.xml"))
        .map((e) => [e.name, e.data.toString("hex")]);
    expect(parts(there.entries)).toEqual(parts(here.entries));
    // Progress after every batch written, up to every row.
    expect(there.progress.at(-1)).toBe(there.rows);
    expect(there.progress).toEqual([...there.progress].sort((a, b) => a - b));

    const cells = await readSheet(fs.readFileSync(there.filePath));
    expect(cells).toHaveLength(there.rows + 1);
    const first = cells[1] as unknown[];
    expect(first[0]).toBe(1);
    const shown = cells.flat().map(String);
    expect(shown.some((c) => c.startsWith("官网（男）┋其他") && c.includes("展会0"))).toBe(true);
    expect(shown.some((c) => c.includes("朋友推荐┋官方网站（女）"))).toBe(true);
    expect(shown).toContain("'=1+2");
    // Sealed at rest, opened for the file, and masked unless asked for in full.
    expect(shown.includes("欧阳明")).toBe(filter !== null);
    expect(shown.includes("13912345678")).toBe(filter !== null);
  });

  it("renders answers read as bytes, unmasked, as the sink renders them read as text and masked", async () => {
    const layout = exportLayout(await latestDefinition(t.db, questionnaireId), null);
    expect(layout.masked.size).toBe(2);
    const read = async (options: Parameters<typeof responseBatches>[3]) => {
      const all: ResponseSlice[] = [];
      const serials = serialsInIdOrder(t.db, questionnaireId);
      for await (const batch of responseBatches(t.db, questionnaireId, null, { ...options, serials }))
        all.push(...batch);
      return all;
    };
    const asText = await read({ withLabels: true, mask: layout.masked });
    const asBytes = await read({ withLabels: true, answersAsBytes: true, batchSize: 500 });
    expect(asBytes.every((r) => r.answers === "" && (r.answerBytes?.length ?? 0) > 0)).toBe(true);
    // Sealed at rest: opened on the thread with the keys; read as bytes, only the sealed part (the last
    // member, as stored), else — where a sealed member is not last — the answers whole.
    const parts = asBytes.filter((r) => r.sealedText !== undefined);
    expect(parts.length).toBeGreaterThan(2_000);
    expect(parts.every((r) => !r.answerBytes?.includes('"enc:v1:') && !r.opened)).toBe(true);
    expect(reordered).toHaveLength(3);
    expect(asBytes.filter((r) => r.opened).map((r) => r.id)).toEqual(reordered);
    const revisions = new RevisionQuestions(t.db);
    await revisions.load(asText.map((r) => r.revisionId));
    const columns = columnNames(layout.headers.length);
    const expected = asText
      .map((r, i) =>
        sheetRowXml(responseRow(layout, r, serialOf(r), revisions.of(r.revisionId)), i + 2, columns),
      )
      .join("");
    // A small buffer, so that it grows; in two runs, as the main thread renders a batch between turns.
    const out = { bytes: new Uint8Array(64), length: 0 };
    const questionsOf = (id: number) => revisions.of(id);
    appendBatchXml(out, layout, columns, questionsOf, asBytes, 1, 0, 7);
    appendBatchXml(out, layout, columns, questionsOf, asBytes, 1, 7);
    expect(Buffer.from(out.bytes.subarray(0, out.length)).toString("utf8")).toBe(expected);
  });

  it("fails the export with the worker's error, not a wait, when the thread fails", async () => {
    const throwing = new XmlWorker(
      new Worker(
        `const { parentPort } = require("node:worker_threads");
         parentPort.postMessage({ kind: "ready" });
         parentPort.on("message", () => { throw new Error("boom"); });`,
        { eval: true },
      ),
    );
    await throwing.whenReady();
    throwing.send([], 1, () => undefined);
    await expect(throwing.next()).rejects.toThrow("xlsx worker thread failed: boom");
    expect(() => throwing.send([], 1, () => undefined)).toThrow("boom");
    await throwing.stop();

    const exiting = new XmlWorker(new Worker("process.exit(3)", { eval: true }));
    await expect(exiting.whenReady()).rejects.toThrow("xlsx worker thread stopped (exit code 3)");
    await exiting.stop();
  });

  it("stops with the export when the job is cancelled", async () => {
    const controller = new AbortController();
    const filePath = path.join(t.config.dataDir, "cancelled.xlsx");
    const run = writeExportFile(t.db, {
      questionnaireId,
      kind: "xlsx",
      filter: null,
      filePath,
      storage: t.storage,
      rowThread: "always",
      signal: controller.signal,
      onProgress: async (written) => {
        if (written >= 500) controller.abort(new Error("stopped"));
      },
    });
    await expect(run).rejects.toThrow("stopped");
  });
});
