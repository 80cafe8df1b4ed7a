import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  download,
  openAnswering,
  PNG,
  publishNew,
  runExport,
  submitAnswers,
  uploadFile,
  zipEntries,
} from "../../test/export-fixtures.ts";
import { buildMember, buildUser } from "../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../test/helpers.ts";
import { type S3TestServer, startS3Server } from "../../test/s3-server.ts";
import { pruneExpiredRecords } from "../commands/maintenance.ts";
import { loadConfig } from "../config.ts";
import { createStorage, type Storage } from "./index.ts";
import { localStorage } from "./local.ts";

let s3: S3TestServer;
let localRoot: string;
beforeAll(async () => {
  s3 = await startS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-storage-"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ["local disk", () => localStorage(localRoot)],
  ["S3", () => createStorage(loadConfig({ DATA_DIR: localRoot, ...s3.env }))],
];

describe.each(drivers)("the %s driver", (_name, make) => {
  it("stores, reads, sizes and removes objects, and answers null for a missing one", async () => {
    const storage = make();
    expect(storage.driver).toBe(_name === "S3" ? "s3" : "local");
    await storage.check();
    await storage.put("uploads/2026-06/a.png", PNG, { contentType: "image/png", exclusive: true });
    expect(await storage.stat("uploads/2026-06/a.png")).toEqual({ size: PNG.length });
    const opened = await storage.open("uploads/2026-06/a.png");
    expect(opened?.size).toBe(PNG.length);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.body ?? []) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(PNG)).toBe(true);
    await storage.remove("uploads/2026-06/a.png");
    expect(await storage.stat("uploads/2026-06/a.png")).toBeNull();
    expect(await storage.open("uploads/2026-06/a.png")).toBeNull();
    // Removing what is not there is not an error (a retried delete).
    await storage.remove("uploads/2026-06/a.png");
  });

  it("moves a finished scratch file in, leaving no scratch file behind", async () => {
    const storage = make();
    const scratch = await storage.scratchFile("exports/report.csv");
    fs.writeFileSync(scratch, "序号,姓名\r\n1,张三\r\n");
    await storage.putFile("exports/report.csv", scratch);
    expect(fs.existsSync(scratch)).toBe(false);
    const opened = await storage.open("exports/report.csv");
    if (!opened) throw new Error("the moved file is missing");
    expect(await text(opened.body)).toBe("序号,姓名\r\n1,张三\r\n");
    await storage.remove("exports/report.csv");
  });

  it("refuses keys that could leave its root", async () => {
    const storage = make();
    for (const key of [
      "../secrets/answer-token.key",
      "/etc/passwd",
      "uploads/../../x",
      "uploads/.x.tmp",
      "",
    ]) {
      await expect(storage.put(key, PNG)).rejects.toThrow("unsafe storage key");
    }
  });
});

const definition = {
  schemaVersion: 1,
  kind: "form",
  title: "材料提交",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "photo",
          type: "file",
          title: "证件照",
          config: { accept: ["png"], maxSizeMb: 1, maxCount: 2 },
        },
      ],
    },
  ],
};

describe("the S3 driver behind the API", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(s3.env);
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps uploads and export files in the bucket, not under DATA_DIR, and serves them with their checks", async () => {
    expect(t.storage.driver).toBe("s3");
    // Packing attachments into a zip is a member's entitlement.
    const owner = await buildMember(t, 1, { exportAttachments: true });
    const q = await publishNew(t, owner, definition);
    const session = await openAnswering(t, q.publicId);
    const file = await uploadFile(t, q.publicId, session.answerToken, "photo", {
      name: "照片.png",
      data: PNG,
    });
    expect(await t.storage.stat(`uploads/${file.fileId}`)).toEqual({ size: PNG.length });
    expect(fs.existsSync(path.join(t.config.dataDir, "uploads", file.fileId))).toBe(false);

    const served = await t.app.inject({ method: "GET", url: `/uploads/${file.fileId}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/uploads/2026-06/missing.png" })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/uploads/..%2Fexports%2Fx.csv" })).statusCode).toBe(
      404,
    );

    await submitAnswers(t, q.publicId, { photo: [file] }, { session });
    const job = await runExport(t, owner, q.id, "zip");
    expect(job).toMatchObject({ status: "done", rows: 1 });
    const zip = await download(t, owner.token, q.id, job.id);
    expect(zip.statusCode).toBe(200);
    const entries = zipEntries(zip.rawPayload);
    expect(entries.map((e) => e.name)).toEqual([expect.stringMatching(/^1_\d+\/1_照片\.png$/)]);
    expect(fs.existsSync(path.join(t.config.dataDir, "exports"))).toBe(false);
    expect(fs.readdirSync(path.join(t.config.dataDir, "scratch"))).toEqual([]);

    // Another user gets no file: the download keeps its authorization check.
    const stranger = await buildUser(t);
    expect((await download(t, stranger.token, q.id, job.id)).json()).toMatchObject({ code: 403 });

    // Past retention the file leaves the bucket.
    const { fileKey } = await t.db
      .selectFrom("export_jobs")
      .select("fileKey")
      .where("questionnaireId", "=", q.id)
      .executeTakeFirstOrThrow();
    expect(await t.storage.stat(`exports/${fileKey}`)).not.toBeNull();
    t.clock.advance(8 * 86_400);
    expect(await pruneExpiredRecords(t)).toMatchObject({ exportFiles: 1 });
    expect(await t.storage.stat(`exports/${fileKey}`)).toBeNull();

    const removed = await call(t.app, "POST", "upload/delFileByPath", {
      token: owner.token,
      params: { path: file.fileId },
    });
    expect(removed.body.code).toBe(200);
    expect(await t.storage.stat(`uploads/${file.fileId}`)).toBeNull();
  });
});
