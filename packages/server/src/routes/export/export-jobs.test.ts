import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { download, publishNew, readSheet, runExport, submitAnswers } from "../../../test/export-fixtures.ts";
import {
  type BuiltUser,
  buildMember,
  buildQuestionnaire,
  buildUser,
  sampleDefinition,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { iso } from "../../clock.ts";
import { exportJobHandler, exportJobKey, progressRecorder } from "../../commands/exports/runner.ts";
import { writeExportFile } from "../../commands/exports/write-file.ts";
import { pruneExpiredRecords } from "../../commands/maintenance.ts";
import { jobWorkerOf } from "../../jobs/index.ts";
import { enqueueJob } from "../../jobs/queue.ts";
import { JobWorker } from "../../jobs/worker.ts";

const survey = {
  schemaVersion: 1,
  kind: "survey",
  title: "食堂满意度/调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "q1",
          type: "single",
          title: "总体满意度",
          config: {
            options: [
              { id: "a", label: "满意" },
              { id: "b", label: "不满意" },
            ],
          },
        },
      ],
    },
  ],
};

let t: TestContext;
let owner: BuiltUser;
beforeEach(async () => {
  t = await createTestContext();
  // Zip exports of attachments are a paid entitlement.
  owner = await buildMember(t, 1, { exportAttachments: true });
});
afterEach(async () => {
  await t.close();
});

async function surveyWithAnswers(count = 2) {
  const q = await publishNew(t, owner, survey);
  for (let i = 0; i < count; i += 1) await submitAnswers(t, q.publicId, { q1: { optionId: "a" } });
  return q;
}

function queuedJob(questionnaireId: number) {
  return {
    questionnaireId,
    userId: owner.user.id,
    kind: "xlsx" as const,
    filter: null,
    status: "queued" as const,
    progress: 0,
    rows: 0,
    fileName: "x.xlsx",
    fileKey: null,
    fileSize: 0,
    error: "",
    createdAt: iso(t.clock.now()),
    finishedAt: null,
    expiresAt: null,
  };
}

const jobCount = async () => (await t.db.selectFrom("export_jobs").selectAll().execute()).length;

const exportRow = (id: number) =>
  t.db.selectFrom("export_jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The queue entry an export written straight into the table would have got from createExport. */
const queueExport = (id: number) =>
  enqueueJob(t.db, t.clock.now(), {
    kind: "export",
    key: exportJobKey(id),
    payload: { exportJobId: id },
    maxAttempts: 1,
  });

describe("export calls: who may use them", () => {
  it("answers 303 to anonymous callers and 403 to another user, and a job id of another questionnaire never downloads", async () => {
    const q = await surveyWithAnswers();
    const job = await runExport(t, owner, q.id, "xlsx");
    const other = await buildUser(t);
    const otherQ = await surveyWithAnswers(1);
    // The other user's own questionnaire, so that ids are valid everywhere.
    await t.db
      .updateTable("questionnaires")
      .set({ ownerId: other.user.id })
      .where("id", "=", otherQ.id)
      .execute();

    const calls = [
      ["POST", "export/createExport", { questionnaireId: q.id, kind: "xlsx" }],
      ["GET", "export/getExportList", { questionnaireId: q.id }],
      ["GET", "export/downloadExport", { questionnaireId: q.id, id: job.id }],
      ["POST", "export/deleteExport", { questionnaireId: q.id, id: job.id }],
    ] as const;
    for (const [method, route, params] of calls) {
      const anonymous = await call(t.app, method, route, { params });
      expect(anonymous.body.code, route).toBe(303);
      const foreign = await call(t.app, method, route, { token: other.token, params });
      expect(foreign.body, route).toMatchObject({ code: 403, msg: "账号没有相关操作权限" });
    }
    // The other user names their own questionnaire with the owner's job id: not found, no file.
    const crossed = await download(t, other.token, otherQ.id, job.id);
    expect(crossed.headers["content-type"]).toContain("application/json");
    expect(crossed.json()).toMatchObject({ code: 404, msg: "导出记录不存在或已被删除" });
    const crossedDelete = await call(t.app, "POST", "export/deleteExport", {
      token: other.token,
      params: { questionnaireId: otherQ.id, id: job.id },
    });
    expect(crossedDelete.body.code).toBe(404);
    // The owner's second questionnaire with the first one's job: not found either.
    const second = await surveyWithAnswers(0);
    expect((await download(t, owner.token, second.id, job.id)).json()).toMatchObject({ code: 404 });
    const list = await call<{ list: unknown[] }>(t.app, "GET", "export/getExportList", {
      token: owner.token,
      params: { questionnaireId: second.id },
    });
    expect(list.body.data.list).toEqual([]);
    // Nothing of the above touched the job.
    expect((await download(t, owner.token, q.id, job.id)).statusCode).toBe(200);
  });
});

describe("export/createExport", () => {
  it("refuses bad filters with Chinese field errors and writes nothing", async () => {
    const q = await surveyWithAnswers(0);
    const bad = [
      [{ startDate: "2026-13-01" }, "filter.startDate", "日期格式应为 YYYY-MM-DD"],
      [{ startDate: "2026-06-05", endDate: "2026-06-01" }, "filter.endDate", "开始日期不能晚于结束日期"],
      [{ sources: ["mars"] }, "filter.sources.0", "答卷来源无效"],
      [{ includeInvalid: "maybe" }, "filter.includeInvalid", "导出筛选条件有误，请检查后重试"],
      // An answer condition statistics cannot run is refused as the 筛选 panel refuses it.
      [
        { condition: { kind: "expression", expression: "1 > 0" } },
        "filter.condition",
        "计算值和表达式条件不能用于数据筛选，请改用选中、未选中、已作答或比较条件",
      ],
    ] as const;
    for (const [filter, field, message] of bad) {
      const res = await call(t.app, "POST", "export/createExport", {
        token: owner.token,
        json: { questionnaireId: q.id, kind: "xlsx", filter },
      });
      expect(res.body).toMatchObject({ code: 400, msg: message, data: { errors: [{ field, message }] } });
    }
    const kind = await call(t.app, "POST", "export/createExport", {
      token: owner.token,
      params: { questionnaireId: q.id, kind: "doc" },
    });
    expect(kind.body).toMatchObject({
      code: 400,
      msg: "请选择导出格式：xlsx、csv、zip、sav、r、stata，或分析报告 docx、pdf",
    });
    expect(await jobCount()).toBe(0);
  });

  it("refuses a filter whose extra keys nest 10,000 deep with a 400, not a stack overflow", async () => {
    const q = await surveyWithAnswers(0);
    const deep = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/wjgj/api/export/createExport",
      headers: { token: owner.token, "content-type": "application/json" },
      payload: `{"questionnaireId":${q.id},"kind":"xlsx","filter":{"extra":${deep}}}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 400, msg: "导出筛选条件有误，请检查后重试" });
    expect(await jobCount()).toBe(0);
  });

  it("takes the filter as JSON text from a form and stores it as sent", async () => {
    const q = await surveyWithAnswers(1);
    const res = await call<{ filter: unknown; status: string; fileName: string }>(
      t.app,
      "POST",
      "export/createExport",
      {
        token: owner.token,
        params: {
          questionnaireId: q.id,
          kind: "csv",
          filter: JSON.stringify({
            includeInvalid: true,
            conditions: [{ questionId: "q1", optionIds: ["a"] }],
          }),
        },
      },
    );
    expect(res.body.data).toMatchObject({
      status: "queued",
      // A "/" in the title cannot become a folder in the saved name.
      fileName: "食堂满意度_调查_答卷数据.csv",
      filter: { includeInvalid: true, conditions: [{ questionId: "q1", optionIds: ["a"] }] },
    });
    await jobWorkerOf(t.app).idle();
  });

  it("refuses an unpublished questionnaire and a fourth job while three wait", async () => {
    const draft = await buildQuestionnaire(t, owner, { kind: "survey", title: "草稿", definition: survey });
    const unpublished = await call(t.app, "POST", "export/createExport", {
      token: owner.token,
      params: { questionnaireId: draft.id, kind: "xlsx" },
    });
    expect(unpublished.body).toMatchObject({ code: 409, msg: "问卷尚未发布，还没有可导出的答卷" });

    const q = await surveyWithAnswers(1);
    const waiting = queuedJob(q.id);
    await t.db.insertInto("export_jobs").values([waiting, waiting, waiting]).execute();
    const fourth = await call(t.app, "POST", "export/createExport", {
      token: owner.token,
      params: { questionnaireId: q.id, kind: "xlsx" },
    });
    expect(fourth.body).toMatchObject({ code: 429, msg: "该问卷已有导出任务在进行中，请等待完成后再试" });
    expect(await jobCount()).toBe(3);
  });
});

describe("export jobs", () => {
  it("list newest first, download under a safe Chinese name, and disappear on delete", async () => {
    const q = await surveyWithAnswers();
    const first = await runExport(t, owner, q.id, "xlsx");
    const second = await runExport(t, owner, q.id, "csv");
    const list = await call<{ list: { id: number }[] }>(t.app, "GET", "export/getExportList", {
      token: owner.token,
      params: { questionnaireId: q.id },
    });
    expect(list.body.data.list.map((j) => j.id)).toEqual([second.id, first.id]);
    expect(first).toMatchObject({ status: "done", progress: 100, rows: 2, error: "" });
    expect(first.downloadPath).toBe(`/wjgj/api/export/downloadExport?questionnaireId=${q.id}&id=${first.id}`);

    const file = await download(t, owner.token, q.id, first.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "x-content-type-options": "nosniff",
      "content-length": String(first.fileSize),
      "content-disposition": `attachment; filename="wjgj-export-${first.id}.xlsx"; filename*=UTF-8''${encodeURIComponent("食堂满意度_调查_答卷数据.xlsx")}`,
    });
    expect(await readSheet(file.rawPayload)).toHaveLength(3);

    const removed = await call(t.app, "POST", "export/deleteExport", {
      token: owner.token,
      params: { questionnaireId: q.id, id: first.id },
    });
    expect(removed.body.code).toBe(200);
    expect(fs.readdirSync(path.join(t.config.dataDir, "exports"))).toHaveLength(1);
    expect((await download(t, owner.token, q.id, first.id)).json()).toMatchObject({ code: 404 });
  });

  it("reads responses in batches: thousands of rows come out once each, in order, with progress per batch", async () => {
    const q = await surveyWithAnswers(1);
    const template = await t.db.selectFrom("responses").selectAll().executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template;
    const copies = Array.from({ length: 2_499 }, (_, i) => ({ ...rest, idempotencyKey: `copy-${i}` }));
    for (let i = 0; i < copies.length; i += 500) {
      await t.db
        .insertInto("responses")
        .values(copies.slice(i, i + 500))
        .execute();
    }
    const job = await runExport(t, owner, q.id, "csv");
    expect(job).toMatchObject({ status: "done", rows: 2_500, progress: 100 });
    const text = (await download(t, owner.token, q.id, job.id)).rawPayload.toString("utf8");
    const lines = text.trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(2_500);
    expect(lines.map((line) => Number(line.split(",")[0]))).toEqual(lines.map((_, i) => i + 1));
    const ids = lines.map((line) => Number(line.split(",")[1]));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(2_500);
    // The function the job runs reports after every batch; the job writes every 1000 rows and at the end.
    const reported: [number, number][] = [];
    await writeExportFile(t.db, {
      questionnaireId: q.id,
      kind: "csv",
      filter: null,
      filePath: path.join(t.config.dataDir, "progress.csv"),
      storage: t.storage,
      onProgress: async (rows, total) => {
        reported.push([rows, total]);
      },
    });
    expect(reported).toEqual(Array.from({ length: 25 }, (_, i) => [(i + 1) * 100, 2500]));
    const progressOf = async () =>
      await t.db
        .selectFrom("export_jobs")
        .select(["progress", "rows"])
        .where("id", "=", job.id)
        .executeTakeFirstOrThrow();
    await t.db.updateTable("export_jobs").set({ progress: 0, rows: 0 }).where("id", "=", job.id).execute();
    const record = progressRecorder(t.db, job.id);
    await record(900, 2500);
    expect(await progressOf()).toEqual({ progress: 0, rows: 0 });
    await record(1000, 2500);
    expect(await progressOf()).toEqual({ progress: 40, rows: 1000 });
    await record(2500, 2500);
    // 100 only once the file is complete.
    expect(await progressOf()).toEqual({ progress: 99, rows: 2500 });
  });

  it("shows exam totals", async () => {
    const exam = await publishNew(t, owner, { ...sampleDefinition("安全测验"), kind: "exam" });
    await submitAnswers(t, exam.publicId, { q1: { optionId: "b" }, q2: "立即离开" });
    await submitAnswers(t, exam.publicId, { q1: { optionId: "a" } });
    const job = await runExport(t, owner, exam.id, "xlsx");
    const rows = await readSheet((await download(t, owner.token, exam.id, job.id)).rawPayload);
    expect(rows[0]?.slice(6)).toEqual(["总分", "1、发生火灾时应拨打", "2、请简述逃生要点"]);
    expect(rows.slice(1).map((row) => row.slice(6))).toEqual([
      [4, "119", "立即离开"],
      // q2 shows only after 119: hidden by logic for this response, so skipped rather than blank.
      [0, "110", "（跳过）"],
    ]);
  });

  it("number each response with its own 序号, as 答卷详情 shows it, in every file", async () => {
    const q = await publishNew(t, owner, survey);
    const other = await publishNew(t, owner, survey);
    const ids: number[] = [];
    for (const option of ["a", "b", "a", "b"]) {
      // Responses to another questionnaire in between: 序号 counts this questionnaire's alone.
      await submitAnswers(t, other.publicId, { q1: { optionId: "a" } });
      ids.push(await submitAnswers(t, q.publicId, { q1: { optionId: option } }));
    }
    const [first, second, third, fourth] = ids as [number, number, number, number];
    const post = (path: string, json: Record<string, unknown>) =>
      call(t.app, "POST", path, { token: owner.token, json });
    await post("answer/deleteAnswer", { id: q.id, responseIds: [second] });
    await post("answer/markInvalid", { id: q.id, responseIds: [third] });
    const list = await call<{ list: { id: number; seq: number }[] }>(t.app, "POST", "answer/getAnswerList", {
      token: owner.token,
      json: { id: q.id, sort: "timeAsc" },
    });
    expect(list.body.data.list.map((row) => [row.id, row.seq])).toEqual([
      [first, 1],
      [fourth, 4],
    ]);

    const csv = await runExport(t, owner, q.id, "csv");
    const lines = (await download(t, owner.token, q.id, csv.id)).rawPayload
      .toString("utf8")
      .trim()
      .split("\r\n");
    expect(lines.slice(1).map((line) => line.split(",").slice(0, 2).map(Number))).toEqual([
      [1, first],
      [4, fourth],
    ]);
    // With invalid responses too: the invalid one keeps its own number between them.
    const xlsx = await runExport(t, owner, q.id, "xlsx", { includeInvalid: true });
    const rows = await readSheet((await download(t, owner.token, q.id, xlsx.id)).rawPayload);
    expect(rows.slice(1).map((row) => row.slice(0, 2))).toEqual([
      [1, first],
      [3, third],
      [4, fourth],
    ]);
  });

  it("expire after seven days: download answers 404, then the pruning removes the file", async () => {
    const q = await surveyWithAnswers();
    const job = await runExport(t, owner, q.id, "xlsx");
    const dir = path.join(t.config.dataDir, "exports");
    expect(fs.readdirSync(dir)).toHaveLength(1);
    t.clock.advance(7 * 86_400 - 60);
    expect((await download(t, owner.token, q.id, job.id)).statusCode).toBe(200);
    t.clock.advance(120);
    expect((await download(t, owner.token, q.id, job.id)).json()).toMatchObject({
      code: 404,
      msg: "导出文件已过期（保留7天），请重新导出",
    });
    expect(await pruneExpiredRecords(t)).toMatchObject({ exportFiles: 1, exportJobs: 0 });
    expect(fs.readdirSync(dir)).toHaveLength(0);
    const list = await call<{ list: { status: string; statusName: string; downloadPath: string }[] }>(
      t.app,
      "GET",
      "export/getExportList",
      { token: owner.token, params: { questionnaireId: q.id } },
    );
    expect(list.body.data.list[0]).toMatchObject({
      status: "expired",
      statusName: "已过期",
      downloadPath: "",
    });
    t.clock.advance(30 * 86_400);
    expect(await pruneExpiredRecords(t)).toMatchObject({ exportJobs: 1 });
    expect(await jobCount()).toBe(0);
  });

  it("report failures in Chinese and keep no partial file", async () => {
    const q = await surveyWithAnswers();
    const noFiles = await runExport(t, owner, q.id, "zip");
    expect(noFiles).toMatchObject({ status: "failed", error: "所选答卷中没有上传的文件或签名，无需打包" });
    expect((await download(t, owner.token, q.id, noFiles.id)).json()).toMatchObject({
      code: 409,
      msg: "文件还在生成中，请稍后再下载",
    });
    // The exports folder cannot be created: a plain file stands in its way.
    fs.rmSync(path.join(t.config.dataDir, "exports"), { recursive: true, force: true });
    fs.writeFileSync(path.join(t.config.dataDir, "exports"), "not a folder");
    const blocked = await runExport(t, owner, q.id, "xlsx");
    expect(blocked).toMatchObject({ status: "failed", error: "导出文件写入失败，请联系管理员检查存储空间" });
  });

  it("that a stopped server left running are taken over once their lease has lapsed, and finished", async () => {
    const q = await surveyWithAnswers(1);
    const left = await t.db
      .insertInto("export_jobs")
      .values({ ...queuedJob(q.id), kind: "csv", status: "running", progress: 40, rows: 400 })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The dead instance's claim, written as it was (not queued first: the app's worker would take it): its
    // lease ends in a second.
    await t.db
      .insertInto("jobs")
      .values({
        kind: "export",
        key: exportJobKey(left.id),
        payload: JSON.stringify({ exportJobId: left.id }),
        status: "running",
        runAt: iso(t.clock.now()),
        lockedUntil: iso(new Date(t.clock.now().getTime() + 1000)),
        lockedBy: "gone",
        attempts: 1,
        maxAttempts: 3,
        lastError: "",
        createdAt: iso(t.clock.now()),
        updatedAt: iso(t.clock.now()),
      })
      .execute();
    const worker = jobWorkerOf(t.app);
    await worker.idle();
    expect(await exportRow(left.id)).toMatchObject({ status: "running", progress: 40 });
    t.clock.advance(2);
    await worker.idle();
    expect(await exportRow(left.id)).toMatchObject({ status: "done", rows: 1, progress: 100 });
    expect(await t.db.selectFrom("jobs").selectAll().execute()).toEqual([]);
  });

  it("stop with the app: a running job is interrupted, handed back to the queue, and finished by the next run", async () => {
    const q = await surveyWithAnswers(2);
    const job = await t.db
      .insertInto("export_jobs")
      .values({ ...queuedJob(q.id), kind: "csv" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The app's worker would race the test's for the job.
    await jobWorkerOf(t.app).stop();
    await queueExport(job.id);
    // A worker of its own whose storage holds the job at its first step until the test has stopped it.
    let started = () => {};
    const reachedStorage = new Promise<void>((resolve) => {
      started = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const storage = {
      ...t.storage,
      scratchFile: async (key: string) => {
        started();
        await gate;
        return t.storage.scratchFile(key);
      },
    };
    const worker = new JobWorker(t.ctx, t.app.log);
    worker.register("export", exportJobHandler({ ...t.ctx, storage }, t.app.log));
    worker.kick();
    await reachedStorage;
    expect(await exportRow(job.id)).toMatchObject({ status: "running" });
    const stopped = worker.stop();
    release();
    await stopped;
    expect(await exportRow(job.id)).toMatchObject({ status: "queued", progress: 0, fileKey: null });
    expect(fs.readdirSync(path.join(t.config.dataDir, "exports"))).toEqual([]);
    const entry = await t.db.selectFrom("jobs").selectAll().executeTakeFirstOrThrow();
    // The interrupted run is not counted against the job's attempts.
    expect(entry).toMatchObject({ status: "queued", attempts: 0, lockedBy: null });
    // A stopped worker takes no more work; the next instance's finishes it.
    worker.kick();
    await worker.idle();
    expect(await exportRow(job.id)).toMatchObject({ status: "queued" });
    const next = new JobWorker(t.ctx, t.app.log);
    next.register("export", exportJobHandler(t.ctx, t.app.log));
    await next.idle();
    expect(await exportRow(job.id)).toMatchObject({ status: "done", rows: 2 });
  });
});
