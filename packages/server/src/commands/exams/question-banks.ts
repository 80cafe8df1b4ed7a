import { randomInt, randomUUID } from "node:crypto";
import {
  type BankDifficulty,
  type BankQuestion,
  type BankRowError,
  bankMessages,
  bankQuestionToRow,
  bankSheetHeaders,
  parseBankRows,
  standaloneQuestion,
} from "@wjgj/core";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { readDraft } from "../questionnaires/logic.ts";
import { bankQuestions } from "./bank-questions.ts";
import { appendQuestions, nextPosition, ownBank, touchBank } from "./bank-store.ts";

export interface BankSummary {
  id: number;
  name: string;
  /** /practice/{id} while the bank is shared for practice, else null. */
  practicePublicId: string | null;
  questionCount: number;
  updatedAt: string;
}

export async function listBanks(ctx: AppContext, viewer: Viewer): Promise<BankSummary[]> {
  const rows = await ctx.db
    .selectFrom("question_banks as b")
    .leftJoin("bank_questions as q", "q.bankId", "b.id")
    .select([
      "b.id",
      "b.name",
      "b.updatedAt",
      "b.practicePublicId",
      (eb) => eb.fn.count<number>("q.id").as("questionCount"),
    ])
    .where("b.ownerId", "=", viewer.user.id)
    .groupBy(["b.id", "b.name", "b.updatedAt", "b.practicePublicId"])
    .orderBy("b.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, questionCount: Number(row.questionCount) }));
}

async function insertBank(ctx: AppContext, viewer: Viewer, name: string, items: readonly BankQuestion[]) {
  const now = iso(ctx.clock.now());
  return ctx.db.transaction().execute(async (trx) => {
    const bank = await trx
      .insertInto("question_banks")
      .values({ ownerId: viewer.user.id, name, createdAt: now, updatedAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await appendQuestions(trx, bank.id, 0, items);
    return { id: bank.id, name, practicePublicId: null, questionCount: items.length, updatedAt: now };
  });
}

export function addBank(ctx: AppContext, viewer: Viewer, name: string): Promise<BankSummary> {
  return insertBank(ctx, viewer, name, []);
}

export async function renameBank(ctx: AppContext, viewer: Viewer, id: number, name: string): Promise<void> {
  await ownBank(ctx.db, viewer, id);
  await ctx.db
    .updateTable("question_banks")
    .set({ name, updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", id)
    .execute();
}

export async function deleteBank(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  await ownBank(ctx.db, viewer, id);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("bank_practice_progress").where("bankId", "=", id).execute();
    await trx.deleteFrom("bank_questions").where("bankId", "=", id).execute();
    await trx.deleteFrom("question_banks").where("id", "=", id).execute();
  });
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * `questionBank/updateBankPractice`: shares the bank on /practice/{id} (a fresh unguessable 12-character id,
 * never a questionnaire's 10) or stops sharing it, which ends the old link. Answers the id or null.
 */
export async function shareBankForPractice(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  open: boolean,
): Promise<{ practicePublicId: string | null }> {
  const bank = await ownBank(ctx.db, viewer, id);
  if (open && bank.practicePublicId) return { practicePublicId: bank.practicePublicId };
  const practicePublicId = open ? Array.from({ length: 12 }, () => BASE62[randomInt(0, 62)]).join("") : null;
  await ctx.db
    .updateTable("question_banks")
    .set({ practicePublicId, updatedAt: iso(ctx.clock.now()) })
    .where("id", "=", id)
    .execute();
  return { practicePublicId };
}

/** The first sheet's rows after the header, each cell as text. */
async function sheetRows(data: Buffer): Promise<string[][]> {
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw InvalidInputError.field("file", "bankFileInvalid");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw InvalidInputError.field("file", "bankFileInvalid");
  const header = bankSheetHeaders.map((_, i) => String(sheet.getRow(1).getCell(i + 1).text ?? "").trim());
  if (header[0] !== bankSheetHeaders[0] || header[1] !== bankSheetHeaders[1]) {
    throw InvalidInputError.field("file", "bankFileInvalid");
  }
  const rows: string[][] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(bankSheetHeaders.map((_, i) => String(row.getCell(i + 1).text ?? "")));
  }
  return rows;
}

/**
 * `questionBank/importBankQuestions`: every row checked first; one bad row and nothing is imported, the
 * answer listing each bad row (`第N行：…`) in `data.errors`.
 */
export async function importBankQuestions(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  data: Buffer,
): Promise<{ imported: number }> {
  await ownBank(ctx.db, viewer, id);
  const { questions, errors } = parseBankRows(await sheetRows(data), () => `q${randomUUID().slice(0, 8)}`);
  if (errors.length > 0) throw rowErrors(errors);
  await ctx.db.transaction().execute(async (trx) => {
    await appendQuestions(trx, id, await nextPosition(trx, id), questions);
    await touchBank(trx, id, iso(ctx.clock.now()));
  });
  return { imported: questions.length };
}

function rowErrors(errors: readonly BankRowError[]): InvalidInputError {
  return new InvalidInputError(
    errors.map((e) => ({ field: `row${e.row}`, message: bankMessages.row(e.row, e.message) })),
    "bankImportRowsInvalid",
    "key",
  );
}

async function workbookOf(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const { default: excel } = await import("exceljs");
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet("题库");
  sheet.addRow([...bankSheetHeaders]);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, i) => {
    column.width = [40, 10, 40, 12, 8, 40, 20, 8][i] ?? 12;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `questionBank/exportBank`: the bank as a sheet `importBankQuestions` takes back unchanged. */
export async function exportBank(ctx: AppContext, viewer: Viewer, id: number) {
  const bank = await ownBank(ctx.db, viewer, id);
  const items = await bankQuestions(ctx, viewer, id);
  const rows = items.map(bankQuestionToRow).filter((row): row is string[] => row !== null);
  return { body: await workbookOf(rows), fileName: `${bank.name}.xlsx` };
}

/** `questionBank/getImportTemplate`: the headers and one example row per type. */
export function importTemplate(): Promise<Buffer> {
  return workbookOf([
    ["发生火灾时应拨打", "单选题", "A. 110|B. 119|C. 120", "B", "5", "119 是火警电话", "消防,常识", "简单"],
    ["哪些可以扑灭油锅火", "多选题", "A. 锅盖|B. 水|C. 沙土", "AC", "5", "油锅起火不能用水", "消防", "中等"],
    ["电器起火应先切断电源", "判断题", "", "对", "2", "", "消防,用电", "简单"],
    [
      "灭火器压力表指针应在什么颜色区",
      "填空题",
      "",
      "绿色|绿区",
      "3",
      "多个参考答案用 | 分隔",
      "器材",
      "困难",
    ],
  ]);
}

/** `questionBank/addBankFromQuestionary`: a new bank of the questionnaire's questions that have a key. */
export async function bankFromQuestionnaire(
  ctx: AppContext,
  viewer: Viewer,
  questionnaireId: number,
  name: string,
): Promise<BankSummary> {
  const definition = await readDraft(ctx, viewer, questionnaireId);
  const items = definition.pages
    .flatMap((page) => page.questions)
    .map((question) => ({
      question: standaloneQuestion(question),
      tags: [] as string[],
      difficulty: 1 as BankDifficulty,
    }))
    .filter((item) => bankQuestionToRow(item) !== null);
  if (items.length === 0) throw InvalidInputError.field("questionaryId", "bankNothingToAdd", definition.kind);
  return insertBank(ctx, viewer, name, items);
}
