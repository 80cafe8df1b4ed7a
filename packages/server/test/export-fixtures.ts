import fs from "node:fs";
import path from "node:path";
import { inflateRawSync } from "node:zlib";
import type { ExportKind } from "@wjgj/core";
import ExcelJS from "exceljs";
import { writeExportFile } from "../src/commands/exports/write-file.ts";
import { jobWorkerOf } from "../src/jobs/index.ts";
import { openAnswering, publishNew as publishNewQuestionnaire, releaseQuestionnaire } from "./answering.ts";
import type { BuiltUser } from "./factories.ts";
import { call, nextInContext, type TestContext } from "./helpers.ts";

/**
 * Helpers of the export tests: publish through the creator calls, answer through the real answering
 * calls (getQuestionary's token, upload/upload, anQuestion/questionAnswer), export through export/*.
 */

export { openAnswering };

export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

export interface Published {
  id: number;
  publicId: string;
}

export async function publishNew(
  t: TestContext,
  owner: BuiltUser,
  definition: { title: string; kind: string },
): Promise<Published> {
  const q = await publishNewQuestionnaire(t, owner, {
    kind: definition.kind as "survey",
    title: definition.title,
    definition,
  });
  return { id: q.id, publicId: q.publicId };
}

/** Saves a new draft and publishes it: a new revision. */
export async function saveAndPublish(t: TestContext, owner: BuiltUser, id: number, definition: unknown) {
  const detail = await call<{ version: number }>(t.app, "GET", "questionary/getQuestionaryDetail", {
    token: owner.token,
    params: { id },
  });
  const saved = await call(t.app, "POST", "questionary/saveQuestionary", {
    token: owner.token,
    json: { id, definition, baseVersion: detail.body.data.version },
  });
  if (saved.body.code !== 200) throw new Error(`save failed: ${saved.body.msg}`);
  await releaseQuestionnaire(t, owner, id);
}

/** A multipart body with `fields` and one `file`, as browsers send uploads. */
export function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = "----wjgjExportBoundary";
  const parts = Object.entries(fields).map(
    ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: Buffer.concat([
      Buffer.from(parts.join("")),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** upload/upload as the answering page does it; answers the file answer to submit. */
export async function uploadFile(
  t: TestContext,
  publicId: string,
  answerToken: string,
  questionId: string,
  file: { name: string; data: Buffer },
) {
  const body = multipart({ publicId, questionId, answerToken }, file);
  const res = await t.app.inject({ method: "POST", url: "/wjgj/api/upload/upload", ...body });
  const json = res.json() as {
    code: number;
    msg: string;
    data: { path: string; name: string; size: number };
  };
  if (json.code !== 200) throw new Error(`upload failed: ${json.msg}`);
  return { fileId: json.data.path, name: json.data.name, size: json.data.size, mime: "image/png" };
}

/** anQuestion/questionAnswer through the real submit path; answers the stored response id. */
export async function submitAnswers(
  t: TestContext,
  publicId: string,
  answers: Record<string, unknown>,
  extra: {
    source?: string;
    durationSeconds?: number;
    ip?: string;
    session?: { revisionId: number; answerToken: string };
  } = {},
): Promise<number> {
  const submitSeq = nextInContext(t);
  const session = extra.session ?? (await openAnswering(t, publicId));
  const res = await call<{ responseId: number }>(t.app, "POST", "anQuestion/questionAnswer", {
    json: {
      publicId,
      revisionId: session.revisionId,
      answerToken: session.answerToken,
      answers,
      idempotencyKey: `export-key-${submitSeq}-${Date.now()}`,
      deviceId: `export-device-${submitSeq}`,
      source: extra.source ?? "link",
      durationSeconds: extra.durationSeconds ?? 60,
    },
    ip: extra.ip ?? `10.8.0.${submitSeq % 250}`,
  });
  if (res.body.code !== 200)
    throw new Error(`submit failed: ${res.body.msg} ${JSON.stringify(res.body.data)}`);
  return res.body.data.responseId;
}

export interface JobView {
  id: number;
  status: string;
  progress: number;
  rows: number;
  error: string;
  fileName: string;
  fileSize: number;
  downloadPath: string;
}

/** Creates an export and waits for the runner to finish it; answers the job as listed. */
export async function runExport(
  t: TestContext,
  owner: BuiltUser,
  questionnaireId: number,
  kind: ExportKind,
  filter?: Record<string, unknown>,
): Promise<JobView> {
  const created = await call<JobView>(t.app, "POST", "export/createExport", {
    token: owner.token,
    json: { questionnaireId, kind, ...(filter ? { filter } : {}) },
  });
  if (created.body.code !== 200) throw new Error(`createExport failed: ${created.body.msg}`);
  await jobWorkerOf(t.app).idle();
  const list = await call<{ list: JobView[] }>(t.app, "GET", "export/getExportList", {
    token: owner.token,
    params: { questionnaireId },
  });
  const job = list.body.data.list.find((j) => j.id === created.body.data.id);
  if (!job) throw new Error("job not listed");
  return job;
}

export async function download(t: TestContext, token: string, questionnaireId: number, id: number) {
  return t.app.inject({
    method: "GET",
    url: `/wjgj/api/export/downloadExport?questionnaireId=${questionnaireId}&id=${id}`,
    headers: { token },
  });
}

/** The first sheet of an xlsx as rows of cell values (index 0 = column A). */
export async function readSheet(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

/** Entries of a zip, read from its central directory (enough for archives the exporter writes). */
export function zipEntries(buffer: Buffer): { name: string; data: Buffer }[] {
  let end = buffer.length - 22;
  while (end >= 0 && buffer.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error("not a zip");
  const count = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const entries: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i += 1) {
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const skip = nameLength + buffer.readUInt16LE(at + 30) + buffer.readUInt16LE(at + 32);
    const local = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const start = local + 30 + buffer.readUInt16LE(local + 26) + buffer.readUInt16LE(local + 28);
    const raw = buffer.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + skip;
  }
  return entries;
}

/** RFC 4180 records of a CSV text (quoted fields may hold commas, quotes and line breaks). */
/**
 * The CSV file of a questionnaire as the export job writes it (masked, or with personal data in full), read back as
 * rows of cells (without the BOM).
 */
export async function csvRows(
  t: TestContext,
  questionnaireId: number,
  filter: { fullPersonal?: boolean } | null,
): Promise<string[][]> {
  const file = path.join(t.config.dataDir, `export-${questionnaireId}-${filter ? "full" : "masked"}.csv`);
  await writeExportFile(t.db, { questionnaireId, kind: "csv", filter, filePath: file, storage: t.storage });
  return parseCsv(fs.readFileSync(file, "utf8").replace(/^\uFEFF/, ""));
}

export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i += 1;
    } else field += c;
  }
  return records;
}

/**
 * The statistics-software exports' survey (SPSS, R, Stata): a single choice, a multi-select its logic shows only
 * after 买过, a number and a text, so each file has codes, 0/1 members, hidden and empty answers and strings.
 */
export const shoppingSurvey = {
  schemaVersion: 1,
  kind: "survey",
  title: "购物体验调查",
  pages: [
    {
      id: "p1",
      questions: [
        {
          id: "bought",
          type: "single",
          title: "最近买过我们的产品吗",
          required: true,
          config: {
            options: [
              { id: "yes", label: "买过" },
              { id: "no", label: "没买过" },
            ],
          },
        },
        {
          id: "where",
          type: "multiple",
          title: "在哪里买的",
          showIf: { kind: "selected", questionId: "bought", optionIds: ["yes"], match: "any" },
          config: {
            options: [
              { id: "online", label: "网店" },
              { id: "store", label: "门店" },
            ],
          },
        },
        { id: "age", type: "number", title: "您的年龄", config: {} },
        { id: "advice", type: "textarea", title: "您的建议", config: {} },
      ],
    },
  ],
};
