import { type ExamCandidateImportResult, type MessageKey, messages } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { SafeZip } from "../../imports/zip.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import { type CandidateInput, upsertCandidates } from "./candidate-list.ts";
import {
  CANDIDATE_TEXT_MAX,
  cleanText,
  MAX_CANDIDATES,
  normaliseNumber,
  normalisePhone,
} from "./candidates.ts";

/**
 * 导入考生名单 (issue #40): an .xlsx (the template, or any sheet with the right header) or a .csv (UTF-8 or the
 * GBK that Excel saves in China). Good rows are added or update the candidate with the same number; bad rows
 * come back with their row number in the sheet and what is wrong.
 */
export const CANDIDATE_FILE_MAX_BYTES = 5 * 1024 * 1024;

const NAME_HEADERS = ["姓名"];
const NUMBER_HEADERS = ["准考证号", "工号", "学号", "考号"];
const PHONE_HEADERS = ["手机号", "手机"];

interface SheetRow {
  row: number;
  cells: string[];
}

/** 「手机号（选填）」, 「* 姓名」: the header's words without marks and remarks. */
function headerWord(text: string): string {
  return cleanText(text)
    .replace(/[（(][^）)]*[）)]/g, "")
    .replace(/[\s*＊:：]/g, "");
}

function columnsOf(cells: readonly string[]): { name: number; number: number; phone: number } | null {
  const words = cells.map(headerWord);
  const find = (names: readonly string[]) => words.findIndex((word) => names.includes(word));
  const name = find(NAME_HEADERS);
  const number = find(NUMBER_HEADERS);
  return name >= 0 && number >= 0 ? { name, number, phone: find(PHONE_HEADERS) } : null;
}

/** RFC 4180 fields: quotes, doubled quotes, line breaks inside quotes; each record with its line number. */
export function parseCsv(text: string): SheetRow[] {
  const rows: SheetRow[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    rows.push({ row: start, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === ",") {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i += 1;
      endRecord();
      line += 1;
      start = line;
    } else cell += char;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return rows;
}

function decodeCsv(data: Buffer): string {
  const body = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? data.subarray(3) : data;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder("gbk").decode(body);
  }
}

const refuse = (): never => {
  throw InvalidInputError.field("file", "examCandidateFileInvalid");
};

async function excelRows(data: Buffer): Promise<SheetRow[]> {
  const zip = await SafeZip.open(data).catch(refuse);
  if (!zip) return refuse();
  // exceljs inflates every part itself: the archive's real size is checked first.
  await zip.verifyAll().catch(refuse);
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer).catch(refuse);
  const rows: SheetRow[] = [];
  for (const sheet of workbook.worksheets) {
    const width = Math.min(sheet.columnCount, 30);
    const last = Math.min(sheet.rowCount, MAX_CANDIDATES + 10);
    for (let r = 1; r <= last; r += 1) {
      const row = sheet.getRow(r);
      rows.push({
        row: r,
        cells: Array.from({ length: width }, (_, i) => String(row.getCell(i + 1).text ?? "")),
      });
    }
    // The first sheet with the header is the list.
    if (rows.slice(0, 5).some((row) => columnsOf(row.cells))) return rows;
    rows.length = 0;
  }
  return rows;
}

/** The candidates of a file and the rows refused (the header not found: 请使用考生名单模板). */
export async function readCandidateFile(
  data: Buffer,
): Promise<{ candidates: CandidateInput[]; errors: ExamCandidateImportResult["errors"] }> {
  const isZip = data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;
  const rows = isZip ? await excelRows(data) : parseCsv(decodeCsv(data));
  const headerAt = rows.slice(0, 5).findIndex((row) => columnsOf(row.cells));
  const columns = headerAt >= 0 ? columnsOf((rows[headerAt] as SheetRow).cells) : null;
  if (!columns) throw InvalidInputError.field("file", "examCandidateImportColumns");
  const candidates: CandidateInput[] = [];
  const errors: ExamCandidateImportResult["errors"] = [];
  const seen = new Set<string>();
  const fail = (row: number, key: MessageKey) => errors.push({ row, message: messages[key] });
  for (const { row, cells } of rows.slice(headerAt + 1)) {
    if (cells.every((cell) => cell.trim() === "")) continue;
    const name = cleanText(cells[columns.name] ?? "");
    const number = cleanText(cells[columns.number] ?? "");
    const phoneText = columns.phone >= 0 ? cleanText(cells[columns.phone] ?? "") : "";
    const phone = phoneText === "" ? "" : normalisePhone(phoneText);
    if (name === "") fail(row, "examCandidateNameRequired");
    else if (number === "") fail(row, "examCandidateNumberRequired");
    else if ([...name].length > CANDIDATE_TEXT_MAX) fail(row, "examCandidateNameTooLong");
    else if ([...number].length > CANDIDATE_TEXT_MAX) fail(row, "examCandidateNumberTooLong");
    else if (phone === null) fail(row, "examCandidatePhoneInvalid");
    else if (seen.has(normaliseNumber(number))) fail(row, "examCandidateNumberDuplicate");
    else {
      seen.add(normaliseNumber(number));
      candidates.push({ name, number, phone });
    }
    if (candidates.length > MAX_CANDIDATES) throw new ConflictError("examCandidateLimit");
  }
  return { candidates, errors };
}

/** `exam/importCandidates`. */
export async function importCandidates(
  ctx: AppContext,
  viewer: Viewer,
  input: { id: number; file?: { filename: string; data: Buffer } | undefined },
): Promise<ExamCandidateImportResult> {
  await loadQuestionnaire(ctx.db, viewer, input.id, "manageResponses");
  if (!input.file) throw InvalidInputError.field("file", "examCandidateFileMissing");
  if (input.file.data.length > CANDIDATE_FILE_MAX_BYTES)
    throw InvalidInputError.field("file", "examCandidateFileTooLarge");
  const { candidates, errors } = await readCandidateFile(input.file.data);
  if (candidates.length === 0 && errors.length === 0)
    throw InvalidInputError.field("file", "examCandidateImportEmpty");
  const { added, updated } =
    candidates.length > 0 ? await upsertCandidates(ctx, input.id, candidates) : { added: 0, updated: 0 };
  return { added, updated, errors: errors.slice(0, 200) };
}

/** `exam/candidateTemplate`: the header row and one example row. */
export async function candidateTemplate(): Promise<Buffer> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("考生名单");
  sheet.addRow(["姓名", "准考证号", "手机号"]);
  sheet.addRow(["张三", "20260001", "13800000000"]);
  sheet.getRow(1).font = { bold: true };
  for (const [index, width] of [18, 20, 16].entries()) {
    const column = sheet.getColumn(index + 1);
    column.width = width;
    // Text cells: long numbers keep their leading zeros and are not shown as 1.38E+10.
    column.numFmt = "@";
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
