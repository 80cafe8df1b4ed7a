import type { QuestionnaireKind } from "@wjgj/core";
import type ExcelJS from "exceljs";
import type { Draft } from "./draft.ts";
import { columnsOfHeader, type ExcelColumn, excelHeaders, excelTypeNames } from "./excel-columns.ts";
import { type SheetRow, sheetDraft } from "./excel-rows.ts";
import { importMessages as m } from "./messages.ts";
import { ImportRefusal, SafeZip } from "./zip.ts";

const MAX_ROWS = 2000;
const INFO_SHEET = "问卷信息";

function cellTexts(row: ExcelJS.Row, count: number): string[] {
  return Array.from({ length: count }, (_, i) => String(row.getCell(i + 1).text ?? "").trim());
}

function questionSheet(
  workbook: ExcelJS.Workbook,
): { sheet: ExcelJS.Worksheet; header: number; columns: Map<ExcelColumn, number> } | null {
  const sheets = [...workbook.worksheets].sort(
    (a, b) => Number(b.name === "题目") - Number(a.name === "题目"),
  );
  for (const sheet of sheets) {
    if (sheet.name === INFO_SHEET) continue;
    const width = Math.min(Math.max(sheet.columnCount, excelHeaders.length), 40);
    for (let r = 1; r <= Math.min(5, sheet.rowCount); r += 1) {
      const columns = columnsOfHeader(cellTexts(sheet.getRow(r), width));
      if (columns) return { sheet, header: r, columns };
    }
  }
  return null;
}

function infoOf(workbook: ExcelJS.Workbook): { title?: string; description?: string } {
  const sheet = workbook.getWorksheet(INFO_SHEET);
  if (!sheet) return {};
  const info: { title?: string; description?: string } = {};
  for (let r = 1; r <= Math.min(20, sheet.rowCount); r += 1) {
    const [key = "", value = ""] = cellTexts(sheet.getRow(r), 2);
    if (!value) continue;
    if (key === "问卷标题" || key === "标题") info.title = value;
    if (key === "问卷说明" || key === "说明") info.description = value;
  }
  return info;
}

/** An .xlsx filled in after the template (one question per row) as a draft definition. */
export async function excelDraft(
  bytes: Uint8Array,
  fallbackTitle: string,
  kind?: QuestionnaireKind,
): Promise<Draft> {
  const zip = await SafeZip.open(bytes);
  if (!zip) throw new ImportRefusal(m.badExcel());
  // exceljs inflates every part itself: the archive's real size is checked first.
  await zip.verifyAll();
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new ImportRefusal(m.badExcel());
  }
  if (workbook.worksheets.length === 0) throw new ImportRefusal(m.badExcel());
  const found = questionSheet(workbook);
  if (!found) throw new ImportRefusal(m.excelNoSheet());
  const { sheet, header, columns } = found;
  const rows: SheetRow[] = [];
  const last = Math.min(sheet.rowCount, header + MAX_ROWS);
  for (let r = header + 1; r <= last; r += 1) {
    const row = sheet.getRow(r);
    const cells: SheetRow["cells"] = {};
    for (const [name, index] of columns) cells[name] = String(row.getCell(index + 1).text ?? "");
    rows.push({ row: r, cells });
  }
  const info = infoOf(workbook);
  return sheetDraft(
    rows,
    { title: info.title || fallbackTitle, ...(info.description ? { description: info.description } : {}) },
    kind,
  );
}

const exampleRows: string[][] = [
  ["Q1", "您的性别", "单选题", "男|女", "", "是", "", "", "", "", ""],
  ["Q2", "您的年龄段", "下拉题", "18岁以下|18-25岁|26-35岁|36-45岁|46岁以上", "", "是", "", "", "", "", ""],
  [
    "Q3",
    "您通过哪些渠道了解到我们？",
    "多选题",
    "朋友推荐|社交媒体|搜索引擎|线下活动|其他____",
    "",
    "否",
    "可多选",
    "",
    "",
    "",
    "",
  ],
  ["Q4", "您推荐我们的原因是？", "多行文本", "", "", "否", "", "", "", "Q3=A", ""],
  ["", "服务评价", "分页", "", "", "", "", "", "", "", ""],
  [
    "Q5",
    "请对以下方面打分",
    "矩阵量表",
    "非常不满意|不满意|一般|满意|非常满意",
    "环境|服务|价格",
    "是",
    "",
    "",
    "",
    "",
    "",
  ],
  [
    "Q6",
    "您有多大可能向朋友推荐我们？",
    "NPS",
    "",
    "",
    "是",
    "0 分表示不可能，10 分表示极有可能",
    "",
    "",
    "",
    "",
  ],
  ["Q7", "整体满意度", "星级评分", "", "", "是", "", "", "", "", ""],
  ["Q8", "请留下您的联系方式", "手机", "", "", "否", "", "", "", "Q7<=2", ""],
  [
    "Q9",
    "发生火灾时应拨打的电话是",
    "单选题",
    "110|119|120",
    "",
    "是",
    "考试题：填写正确答案和分值",
    "B",
    "5",
    "",
    "119 是火警电话",
  ],
];

const instructions: [string, string][] = [
  ["编号", "可留空，默认按行顺序为 Q1、Q2…；显示条件用编号引用前面的题目"],
  ["题目", "必填。题型为「分页」时，这一格是新一页的标题"],
  ["题型", `必填，可用：${excelTypeNames.join("、")}，以及个人信息题（姓名、性别、手机、邮箱、身份证等）`],
  [
    "选项",
    "选择题的选项，用 | 或换行分隔（A. 前缀可写可不写）；末尾写 ____ 的选项为「其他」并带填空；矩阵题填列；量表、星级评分可填每一级的文字；多项填空填各空的名称；数字填 最小值|最大值；滑块填 最小值|最大值|步长",
  ],
  ["矩阵行", "矩阵题的行，用 | 或换行分隔"],
  ["必答", "填「是」为必答，留空为选答"],
  ["题目说明", "显示在题目下方的说明文字"],
  ["正确答案", "考试用：选择题填选项字母（多选如 AC），判断题填 对/错，填空题填参考答案（多个用 | 分隔）"],
  ["分值", "考试用：本题分值，默认 1 分"],
  [
    "显示条件",
    "满足条件才显示本题，例如 Q1=A、Q1=男,女（任一）、Q3>=4、Q2已答；多个条件用「且」或「或」连接",
  ],
  ["答案解析", "考试用：交卷后可显示的解析"],
];

/** `questionary/importTemplate`: the sheet to fill in, with example rows, the survey's title and instructions. */
export async function excelTemplate(): Promise<Buffer> {
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("题目");
  sheet.addRow([...excelHeaders]);
  sheet.getRow(1).font = { bold: true };
  for (const row of exampleRows) sheet.addRow(row);
  const widths = [8, 36, 12, 40, 24, 8, 24, 10, 8, 18, 24];
  sheet.columns.forEach((column, i) => {
    column.width = widths[i] ?? 12;
  });
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const info = workbook.addWorksheet(INFO_SHEET);
  info.addRow(["问卷标题", "顾客满意度调查"]);
  info.addRow(["问卷说明", "感谢您抽出时间填写本问卷，您的意见将帮助我们改进服务。"]);
  info.getColumn(1).width = 12;
  info.getColumn(2).width = 60;
  const help = workbook.addWorksheet("填写说明");
  help.addRow(["列", "怎么填"]);
  help.getRow(1).font = { bold: true };
  for (const row of instructions) help.addRow(row);
  help.getColumn(1).width = 12;
  help.getColumn(2).width = 100;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
