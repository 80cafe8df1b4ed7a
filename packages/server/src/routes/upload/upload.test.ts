import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { issueAnswerToken } from "../../commands/answering/answer-token.ts";
import { answersOpener } from "../../commands/privacy/sealing.ts";

let t: TestContext;
let owner: BuiltUser;
let publicId: string;
let revisionId: number;
/** The answering page's token from getQuestionary; its session owns the page's uploads. */
let answerToken: string;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

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
          required: true,
          config: { accept: ["png", "jpg"], maxSizeMb: 1, maxCount: 2 },
        },
        { id: "sign", type: "signature", title: "签名", config: {} },
        { id: "name", type: "text", title: "姓名", config: {} },
      ],
    },
  ],
};

beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  const q = await buildQuestionnaire(t, owner, { kind: "form", title: "材料提交", definition });
  await call(t.app, "POST", "questionary/releaseQuestionary", { token: owner.token, params: { id: q.id } });
  publicId = q.publicId;
  const open = await call<{ revisionId: number; answerToken: string }>(
    t.app,
    "GET",
    "anQuestion/getQuestionary",
    { params: { publicId } },
  );
  revisionId = open.body.data.revisionId;
  answerToken = open.body.data.answerToken;
});
afterEach(async () => {
  await t.close();
});

function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = "----wjgjBoundary7MA4YWxk";
  const chunks: Buffer[] = [];
  for (const [key, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  file: { name: string; data: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const body = multipart({ publicId, questionId: "photo", answerToken, ...fields }, file);
  const res = await t.app.inject({ method: "POST", url: "/wjgj/api/upload/upload", ...body });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; msg: string; data: Record<string, string | number> },
  };
}

describe("upload/upload", () => {
  it("needs the answering page's token for this questionnaire", async () => {
    const file = { name: "a.png", data: PNG, type: "image/png" };
    const none = multipart({ publicId, questionId: "photo" }, file);
    const missing = await t.app.inject({ method: "POST", url: "/wjgj/api/upload/upload", ...none });
    expect(missing.json()).toMatchObject({ code: 400, msg: "答题页面已失效，请刷新页面后重新提交" });
    const other = await buildQuestionnaire(t, owner, { kind: "form", title: "另一份", definition });
    const foreign = issueAnswerToken(t.ctx, other.publicId, revisionId);
    expect((await upload(file, { answerToken: foreign })).body).toMatchObject({
      code: 400,
      msg: "答题页面校验失败，请刷新页面后重新提交",
    });
    t.clock.advance(13 * 3600);
    expect((await upload(file)).body).toMatchObject({ code: 400, msg: expect.stringContaining("已失效") });
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toHaveLength(0);
  });

  it("stores a real image under a random name and serves it inline with nosniff", async () => {
    const res = await upload({ name: "我的照片.png", data: PNG, type: "image/png" });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ name: "我的照片.png", size: PNG.length, type: "image/png" });
    const key = String(res.body.data.path);
    expect(key).toMatch(/^\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(t.config.dataDir, "uploads", key))).toBe(true);
    const served = await t.app.inject({ method: "GET", url: String(res.body.data.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/uploads/2026-06/missing.png" })).statusCode).toBe(404);
  });

  it("refuses a lying extension, a type the question does not accept, unknown content and a 3rd file", async () => {
    expect((await upload({ name: "photo.png", data: PDF })).body).toMatchObject({
      code: 400,
      msg: "文件内容与扩展名不符，请上传真实的文件",
    });
    expect((await upload({ name: "scan.pdf", data: PDF })).body).toMatchObject({
      code: 400,
      msg: "文件类型不符合要求",
    });
    expect((await upload({ name: "notes.png", data: Buffer.from("just some text") })).body).toMatchObject({
      code: 400,
      msg: "文件类型不符合要求",
    });
    expect((await upload({ name: "a.png", data: PNG })).body.code).toBe(200);
    expect((await upload({ name: "b.png", data: PNG })).body.code).toBe(200);
    expect((await upload({ name: "c.png", data: PNG })).body).toMatchObject({
      code: 400,
      msg: "上传文件数量已达上限",
    });
    expect((await upload({ name: "x.png", data: PNG }, { questionId: "name" })).body).toMatchObject({
      code: 400,
      msg: "该题不支持上传文件",
    });
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toHaveLength(2);
  });

  it("refuses a damaged file whose type cannot be read, and stores nothing", async () => {
    // A PNG signature and nothing more: the sniffer reads past the end of the data.
    for (const data of [PNG.subarray(0, 8), PNG.subarray(0, 12)]) {
      const res = await upload({ name: "cut.png", data, type: "image/png" });
      expect(res.body).toMatchObject({ code: 400, msg: "文件已损坏或不完整，无法识别类型，请重新上传" });
    }
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toHaveLength(0);
    const dir = path.join(t.config.dataDir, "uploads");
    const stored = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }) : [];
    expect(stored.filter((entry) => entry.isFile())).toEqual([]);
  });

  it("refuses a missing file and oversized uploads", async () => {
    const noFile = multipart({ publicId, questionId: "photo", answerToken });
    const res = await t.app.inject({ method: "POST", url: "/wjgj/api/upload/upload", ...noFile });
    expect(res.json()).toMatchObject({ code: 400, msg: "请选择要上传的文件" });
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    expect((await upload({ name: "big.png", data: big })).body).toMatchObject({
      code: 400,
      msg: "文件超过大小限制",
    });
  });
});

describe("upload/delFileByPath", () => {
  it("lets the uploading session or the owner delete, nobody else", async () => {
    const first = await upload({ name: "a.png", data: PNG });
    const key = String(first.body.data.path);
    const stranger = await buildUser(t);
    const byStranger = await call(t.app, "POST", "upload/delFileByPath", {
      token: stranger.token,
      params: { path: key },
    });
    expect(byStranger.body.code).toBe(403);
    const otherSession = await call(t.app, "POST", "upload/delFileByPath", {
      params: { path: key, answerToken: issueAnswerToken(t.ctx, publicId, revisionId) },
    });
    expect(otherSession.body.code).toBe(403);
    // A signature character changed (never to itself; the last characters may carry only padding bits).
    const at = answerToken.length - 6;
    const swapped = answerToken[at] === "A" ? "B" : "A";
    const forged = await call(t.app, "POST", "upload/delFileByPath", {
      params: { path: key, answerToken: `${answerToken.slice(0, at)}${swapped}${answerToken.slice(at + 1)}` },
    });
    expect(forged.body).toMatchObject({ code: 400, msg: "答题页面校验失败，请刷新页面后重新提交" });
    const bySession = await call(t.app, "POST", "upload/delFileByPath", {
      params: { path: key, answerToken },
    });
    expect(bySession.body.code).toBe(200);
    expect(fs.existsSync(path.join(t.config.dataDir, "uploads", key))).toBe(false);

    const second = await upload({ name: "b.png", data: PNG });
    const byOwner = await call(t.app, "POST", "upload/delFileByPath", {
      token: owner.token,
      params: { path: String(second.body.data.path) },
    });
    expect(byOwner.body.code).toBe(200);
    const gone = await call(t.app, "POST", "upload/delFileByPath", {
      token: owner.token,
      params: { path: String(second.body.data.path) },
    });
    expect(gone.body).toMatchObject({ code: 404, msg: "文件不存在或已被删除" });
  });
});

describe("file answers", () => {
  it("a response may only reference files uploaded for that question", async () => {
    const up = await upload({ name: "a.png", data: PNG });
    const file = { fileId: String(up.body.data.fileId), name: "a.png", size: PNG.length, mime: "image/png" };
    const submit = (answers: Record<string, unknown>, key: string, token = answerToken) =>
      call(t.app, "POST", "anQuestion/questionAnswer", {
        json: { publicId, revisionId, answers, idempotencyKey: key, answerToken: token },
      });
    const forged = await submit(
      { photo: [{ ...file, fileId: "2026-06/ffffffffffffffffffffffffffffffff.png" }] },
      "forged-key-1",
    );
    expect(forged.body).toMatchObject({ code: 400, msg: "答卷中的文件无效，请重新上传" });
    // Another page (another token) cannot claim this page's upload, even knowing its key.
    const otherPage = issueAnswerToken(t.ctx, publicId, revisionId);
    const stolen = await submit({ photo: [file] }, "stolen-key-1", otherPage);
    expect(stolen.body).toMatchObject({ code: 400, msg: "答卷中的文件无效，请重新上传" });
    const ok = await submit({ photo: [file] }, "real-key-123");
    expect(ok.body.code).toBe(200);
    const row = await t.db.selectFrom("uploads").selectAll().executeTakeFirstOrThrow();
    expect(row.responseId).not.toBeNull();
    const reused = await submit({ photo: [file] }, "reuse-key-12");
    expect(reused.body).toMatchObject({ code: 400, msg: "答卷中的文件无效，请重新上传" });
  });
});

describe("signature answers", () => {
  it("a typed-name signature (marked #typed) claims its upload like a drawn one", async () => {
    const body = multipart(
      { publicId, questionId: "sign", answerToken },
      { name: "signature.png", data: PNG, type: "image/png" },
    );
    const up = await t.app.inject({ method: "POST", url: "/wjgj/api/upload/upload", ...body });
    const url = String((up.json() as { data: { url: string } }).data.url);
    const photoUp = await upload({ name: "a.png", data: PNG });
    const photo = [{ fileId: String(photoUp.body.data.fileId), name: "a.png", size: PNG.length }];
    const submit = (sign: string, key: string) =>
      call(t.app, "POST", "anQuestion/questionAnswer", {
        json: { publicId, revisionId, answers: { photo, sign }, idempotencyKey: key, answerToken },
      });
    const other = await submit(`${url}#other`, "sign-key-bad");
    expect(other.body.code).toBe(400);
    const ok = await submit(`${url}#typed`, "sign-key-typed");
    expect(ok.body, JSON.stringify(ok.body)).toMatchObject({ code: 200 });
    const row = await t.db
      .selectFrom("uploads")
      .selectAll()
      .where("questionId", "=", "sign")
      .executeTakeFirstOrThrow();
    expect(row.responseId).not.toBeNull();
    const stored = await t.db
      .selectFrom("responses")
      .select(["answers", "questionnaireId"])
      .executeTakeFirstOrThrow();
    // A signature is personal data: sealed at rest, opened with the questionnaire's key.
    expect(stored.answers).not.toContain(url);
    const openStored = await answersOpener(t.db, stored.questionnaireId);
    expect(openStored(stored.answers).sign).toBe(`${url}#typed`);
  });
});

describe("common/getProvideCityAreaList", () => {
  it("answers provinces, cities and districts with codes, cacheable", async () => {
    const res = await t.app.inject({ method: "GET", url: "/wjgj/api/common/getProvideCityAreaList" });
    const body = res.json() as {
      data: {
        province_list: Record<string, string>;
        city_list: Record<string, string>;
        county_list: Record<string, string>;
      };
    };
    expect(body.data.province_list["110000"]).toBe("北京市");
    expect(body.data.city_list["440300"]).toBe("深圳市");
    expect(Object.keys(body.data.county_list).length).toBeGreaterThan(2800);
    expect(res.headers["cache-control"]).toContain("max-age");
  });
});
