import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BuiltUser, buildQuestionnaire, buildUser } from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";

let t: TestContext;
let owner: BuiltUser;
let questionnaireId: number;

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");

beforeEach(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
  questionnaireId = (await buildQuestionnaire(t, owner, { kind: "survey", title: "页眉测试" })).id;
});
afterEach(async () => {
  await t.close();
});

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = "----wjgjHeaderImage";
  const chunks: Buffer[] = Object.entries(fields).map(([key, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
  );
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadHeader(token: string | null, file = { name: "banner.png", data: PNG }) {
  const body = multipart({ id: String(questionnaireId), purpose: "headerImage" }, file);
  const res = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/upload/upload",
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { token } : {}) },
  });
  return res.json() as { code: number; msg: string; data: { url: string; path: string } };
}

describe("upload/upload for the 页眉图片", () => {
  it("stores the owner's image, which then serves inline and saves as the header image", async () => {
    const res = await uploadHeader(owner.token);
    expect(res.code).toBe(200);
    expect(res.data.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: "GET", url: res.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");

    const saved = await call<{ headerImage: string }>(t.app, "POST", "questionary/updateQuestionarySet", {
      token: owner.token,
      json: { id: questionnaireId, settings: { headerImage: res.data.url } },
    });
    expect(saved.body.data.headerImage).toBe(res.data.url);

    // The owner may take it back.
    const removed = await call(t.app, "POST", "upload/delFileByPath", {
      token: owner.token,
      params: { path: res.data.path },
    });
    expect(removed.body.code).toBe(200);
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toHaveLength(0);
  });

  it("refuses anyone but the owner, and a file that is not an image, storing nothing", async () => {
    const stranger = await buildUser(t);
    expect(await uploadHeader(stranger.token)).toMatchObject({ code: 403 });
    expect(await uploadHeader(null)).toMatchObject({ code: 303 });
    expect(await uploadHeader(owner.token, { name: "a.pdf", data: PDF })).toMatchObject({
      code: 400,
      msg: "文件类型不符合要求",
    });
    expect(await uploadHeader(owner.token, { name: "a.jpg", data: PNG })).toMatchObject({
      code: 400,
      msg: "文件内容与扩展名不符，请上传真实的文件",
    });
    expect(await t.db.selectFrom("uploads").selectAll().execute()).toHaveLength(0);
  });
});
