import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { QuestionaryDetail, QuestionarySummary, SurveyDefinition } from "@wjgj/core";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildQuestionnaire,
  buildTeamMember,
  buildUser,
  tableCounts,
} from "../../../test/factories.ts";
import { call, createTestContext, type TestContext } from "../../../test/helpers.ts";
import { buildDocx, buildExcel, buildLsa } from "../../imports/fixtures/build-files.ts";
import { excelFixtures } from "../../imports/fixtures/excel-specs.ts";
import { buildLss } from "../../imports/fixtures/lss-builder.ts";
import { lssFixtures } from "../../imports/fixtures/lss-specs.ts";
import { wordFixtures } from "../../imports/fixtures/word-specs.ts";

const surveyJsDir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../imports/fixtures/surveyjs",
);

let t: TestContext;
let owner: BuiltUser;
beforeAll(async () => {
  t = await createTestContext();
  owner = await buildUser(t);
});
afterAll(async () => {
  await t.close();
});

interface Preview {
  definition: SurveyDefinition;
  title: string;
  report: string[];
  counts: { questions: number; mapped: number; skipped: number };
}

async function upload(fileName: string, data: Buffer, token: string | null = owner.token, kind?: string) {
  const boundary = "----import-test";
  const payload = Buffer.concat([
    ...(kind
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`)]
      : []),
    Buffer.from(
      // Browsers send the name as UTF-8 bytes.
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wjgj/api/questionary/previewImport",
    headers: { ...(token ? { token } : {}), "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return response.json() as {
    code: number;
    msg: string;
    data: Preview | { errors: { field: string; message: string }[] } | null;
  };
}

async function questionnaireCount(): Promise<number> {
  const row = await t.db
    .selectFrom("questionnaires")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Preview (nothing stored), then create with the previewed definition and publish it. */
async function importAndPublish(fileName: string, data: Buffer) {
  const before = { counts: await tableCounts(t), questionnaires: await questionnaireCount() };
  const preview = await upload(fileName, data);
  expect(preview.code, `${fileName}: ${preview.msg}`).toBe(200);
  expect({ counts: await tableCounts(t), questionnaires: await questionnaireCount() }).toEqual(before);
  const { definition, title } = preview.data as Preview;
  const created = await call<QuestionaryDetail>(t.app, "POST", "questionary/addQuestionary", {
    token: owner.token,
    json: { kind: definition.kind, title, definition },
  });
  expect(created.body.code, `${fileName}: ${created.body.msg}`).toBe(200);
  expect(created.body.data.issues, fileName).toEqual([]);
  const released = await call<QuestionarySummary>(t.app, "POST", "questionary/releaseQuestionary", {
    token: owner.token,
    params: { id: created.body.data.id },
  });
  expect(released.body.code, `${fileName}: ${released.body.msg}`).toBe(200);
  expect(released.body.data.status).toBe("published");
  return created.body.data;
}

describe("questionary/previewImport", () => {
  it("previews every SurveyJS fixture without storing anything; each created one can be published", async () => {
    for (const file of fs.readdirSync(surveyJsDir))
      await importAndPublish(file, fs.readFileSync(path.join(surveyJsDir, file)));
  });

  it("does the same for every LimeSurvey .lss and .lsa fixture", async () => {
    for (const { file, spec } of lssFixtures) {
      await importAndPublish(file, Buffer.from(buildLss(spec)));
      await importAndPublish(file.replace(/\.lss$/, ".lsa"), await buildLsa(spec));
    }
  });

  it("does the same for every Excel and Word fixture", async () => {
    for (const spec of excelFixtures) {
      const created = await importAndPublish(spec.file, await buildExcel(spec));
      // A sheet without 问卷信息 is named after its file.
      expect(created.title).toBe(spec.title ?? spec.file.replace(/\.xlsx$/, ""));
    }
    for (const spec of wordFixtures) await importAndPublish(spec.file, await buildDocx(spec));
  });

  it("takes the kind chosen before importing", async () => {
    const file = "customer-satisfaction.json";
    const preview = await upload(
      file,
      fs.readFileSync(path.join(surveyJsDir, file)),
      owner.token,
      "satisfaction",
    );
    expect(preview.code).toBe(200);
    expect((preview.data as Preview).definition.kind).toBe("satisfaction");
  });

  it("answers a damaged, oversized or unknown file with a Chinese message and creates nothing", async () => {
    const before = await questionnaireCount();
    const broken = await upload("问卷.docx", Buffer.from("not a zip"));
    expect(broken).toMatchObject({ code: 400, msg: "无法读取该 Word 文件：文件已损坏或不是 .docx 格式" });
    expect(broken.data).toEqual({ errors: [{ field: "file", message: broken.msg }] });
    const big = await upload("大文件.xlsx", Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(big).toMatchObject({ code: 400, msg: "文件不能超过 5 MB" });
    const pdf = await upload("问卷.pdf", Buffer.from("%PDF-1.4"));
    expect(pdf).toMatchObject({
      code: 400,
      msg: "不支持的文件格式，请上传 .xlsx、.docx、.json、.lss 或 .lsa 文件",
    });
    const missing = await call(t.app, "POST", "questionary/previewImport", { token: owner.token, json: {} });
    expect(missing.body).toMatchObject({ code: 400, msg: "请选择要导入的问卷文件" });
    expect(await questionnaireCount()).toBe(before);
  });

  it("is for logged-in users only", async () => {
    const anonymous = await upload("nps.json", fs.readFileSync(path.join(surveyJsDir, "nps.json")), null);
    expect(anonymous.code).toBe(303);
  });
});

describe("questionary/importTemplate", () => {
  it("downloads the Excel template, which imports back", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/wjgj/api/questionary/importTemplate",
      headers: { token: owner.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("spreadsheetml");
    expect(response.headers["content-disposition"]).toContain("filename*=UTF-8''%E9%97%AE%E5%8D%B7");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(["题目", "问卷信息", "填写说明"]);
    await importAndPublish("问卷导入模板.xlsx", response.rawPayload);
  });
});

describe("questionary/exportDefinition", () => {
  it("downloads our JSON and SurveyJS JSON to whoever may read the questionnaire, and to nobody else", async () => {
    const file = "logic.json";
    const created = await importAndPublish(file, fs.readFileSync(path.join(surveyJsDir, file)));
    const download = (format: string, token: string, method: "GET" | "POST" = "GET") =>
      t.app.inject({
        method,
        url: `/wjgj/api/questionary/exportDefinition?id=${created.id}&format=${format}`,
        headers: { token },
      });

    const ours = await download("json", owner.token);
    expect(ours.statusCode).toBe(200);
    expect(ours.headers["content-type"]).toContain("application/json");
    expect(ours.headers["content-disposition"]).toMatch(/^attachment; filename="Home Internet Survey\.json"/);
    expect(JSON.parse(ours.body)).toEqual(created.definition);

    const viewer = await buildUser(t);
    await buildTeamMember(t, created.id, viewer, "viewer");
    const surveyJs = await download("surveyjs", viewer.token, "POST");
    expect(surveyJs.statusCode).toBe(200);
    const exported = JSON.parse(surveyJs.body) as {
      title: string;
      pages: { elements: { name: string; visibleIf?: string }[] }[];
    };
    expect(exported.title).toBe("Home Internet Survey");
    expect(exported.pages[0]?.elements.find((element) => element.name === "provider")?.visibleIf).toBe(
      "{has_internet} = 'yes'",
    );

    const stranger = await buildUser(t);
    const refused = await download("json", stranger.token);
    expect(refused.json()).toMatchObject({ code: 403 });
    const theirs = await buildQuestionnaire(t, stranger, { title: "别人的问卷" });
    const foreign = await t.app.inject({
      method: "GET",
      url: `/wjgj/api/questionary/exportDefinition?id=${theirs.id}`,
      headers: { token: owner.token },
    });
    expect(foreign.json()).toMatchObject({ code: 403 });
    const badFormat = await download("pdf", owner.token);
    expect(badFormat.json()).toMatchObject({ code: 400, msg: "请选择导出格式：json（本站格式）或 surveyjs" });
  });
});
