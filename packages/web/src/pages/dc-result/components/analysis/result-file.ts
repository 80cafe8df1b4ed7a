import { cellText, type StatRow, type StatTable } from "@wjgj/core/stats-tables/table-model";
import { saveBlob } from "../../../../api/exports.ts";

/** One analysis as a file holds it: what the page shows above and in its tables. */
export interface ResultDocument {
  /** The method, e.g. 交叉分析（卡方检验）. */
  title: string;
  /** 筛选后答卷 N 份, and the weighting when applied. */
  summary: string;
  reading: string[];
  tables: StatTable[];
}

/** A row's cells as text, the message of a row that could not be computed spanning the rest. */
function rowCells(row: StatRow): { texts: string[]; span: number | null } {
  if ("cells" in row) return { texts: row.cells.map(cellText), span: null };
  return { texts: [...row.lead, row.message], span: row.lead.length };
}

/** A number when the cell is one as printed (1234, -0.5, 12.30); stars, percents and dashes stay text. */
function asNumber(text: string): number | string {
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

/** A name Windows accepts, from the method's title. */
export function resultFileName(title: string, extension: "docx" | "xlsx"): string {
  return `${title.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60)}.${extension}`;
}

/**
 * Word: the title, the summary, 分析结论 as a list, then each table as a three-line table (rules above and
 * below the header and under the last row, as Chinese papers print them) with its notes. `docx` is loaded
 * only when a file is asked for.
 */
export async function resultDocx(doc: ResultDocument): Promise<Blob> {
  const {
    AlignmentType,
    BorderStyle,
    Document,
    HeadingLevel,
    Packer,
    Paragraph,
    Table,
    TableCell,
    TableRow,
    TextRun,
    WidthType,
  } = await import("docx");
  const font = { ascii: "Times New Roman", eastAsia: "宋体", hAnsi: "Times New Roman" };
  const text = (value: string, options: { bold?: boolean; size?: number } = {}) =>
    new TextRun({ text: value, font, size: options.size ?? 21, bold: options.bold ?? false });
  type Rule = { style: (typeof BorderStyle)[keyof typeof BorderStyle]; size: number; color: string };
  const none: Rule = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };
  const thick: Rule = { style: BorderStyle.SINGLE, size: 12, color: "000000" };
  const thin: Rule = { style: BorderStyle.SINGLE, size: 6, color: "000000" };
  const cell = (value: string, numeric: boolean, borders: { top: Rule; bottom: Rule }, span = 1) =>
    new TableCell({
      columnSpan: span,
      borders: { top: borders.top, bottom: borders.bottom, left: none, right: none },
      children: [
        new Paragraph({
          alignment: numeric ? AlignmentType.RIGHT : AlignmentType.LEFT,
          children: [text(value, { size: 20 })],
        }),
      ],
    });
  const table = (stat: StatTable) => {
    const header = new TableRow({
      tableHeader: true,
      children: stat.columns.map((column) =>
        cell(column.title, column.numeric ?? false, { top: thick, bottom: thin }),
      ),
    });
    const rows = stat.rows.map((row, r) => {
      const last = r === stat.rows.length - 1;
      const borders = { top: none, bottom: last ? thick : none };
      const { texts, span } = rowCells(row);
      return new TableRow({
        children: texts.map((value, i) =>
          cell(
            value,
            span === null && (stat.columns[i]?.numeric ?? false),
            borders,
            span !== null && i === span ? Math.max(1, stat.columns.length - span) : 1,
          ),
        ),
      });
    });
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      borders: {
        top: none,
        bottom: none,
        left: none,
        right: none,
        insideHorizontal: none,
        insideVertical: none,
      },
      rows: [header, ...rows],
    });
  };
  const children = [
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [text(doc.title, { bold: true, size: 32 })] }),
    new Paragraph({ children: [text(doc.summary)] }),
    ...(doc.reading.length > 0
      ? [
          new Paragraph({ spacing: { before: 200 }, children: [text("分析结论", { bold: true, size: 24 })] }),
          ...doc.reading.map((line) => new Paragraph({ bullet: { level: 0 }, children: [text(line)] })),
        ]
      : []),
    ...doc.tables.flatMap((stat) => [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 300, after: 100 },
        children: [text(stat.title, { bold: true })],
      }),
      table(stat),
      ...stat.notes.map((note) => new Paragraph({ children: [text(`注：${note}`, { size: 18 })] })),
    ]),
  ];
  return Packer.toBlob(new Document({ creator: "问卷管家", title: doc.title, sections: [{ children }] }));
}

/**
 * Excel: one sheet, the title and summary on top, 分析结论, then the tables one under another (title in bold,
 * header between rules, figures as numbers where they print as plain numbers), a blank row between them.
 * `exceljs` is loaded only when a file is asked for.
 */
export async function resultXlsx(doc: ResultDocument): Promise<Blob> {
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "问卷管家";
  const sheet = workbook.addWorksheet("统计分析");
  const bold = { bold: true };
  sheet.addRow([doc.title]).font = { bold: true, size: 14 };
  sheet.addRow([doc.summary]);
  if (doc.reading.length > 0) {
    sheet.addRow([]);
    sheet.addRow(["分析结论"]).font = bold;
    for (const line of doc.reading) sheet.addRow([line]);
  }
  let widest = 10;
  for (const stat of doc.tables) {
    sheet.addRow([]);
    sheet.addRow([stat.title]).font = bold;
    const header = sheet.addRow(stat.columns.map((column) => column.title));
    header.font = bold;
    header.eachCell((c) => {
      c.border = { top: { style: "medium" }, bottom: { style: "thin" } };
    });
    stat.rows.forEach((row, r) => {
      const { texts, span } = rowCells(row);
      const added = sheet.addRow(texts.map((value) => (span === null ? asNumber(value) : value)));
      if (span !== null && stat.columns.length - span > 1)
        sheet.mergeCells(added.number, span + 1, added.number, stat.columns.length);
      stat.columns.forEach((column, i) => {
        const c = added.getCell(i + 1);
        if (column.numeric && span === null) c.alignment = { horizontal: "right" };
        if (r === stat.rows.length - 1) c.border = { bottom: { style: "medium" } };
      });
    });
    for (const note of stat.notes) sheet.addRow([`注：${note}`]).font = { size: 9 };
    widest = Math.max(widest, stat.columns.length);
  }
  for (let i = 1; i <= widest; i++) sheet.getColumn(i).width = i === 1 ? 22 : 14;
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

export async function downloadResult(doc: ResultDocument, format: "docx" | "xlsx"): Promise<void> {
  const blob = format === "docx" ? await resultDocx(doc) : await resultXlsx(doc);
  saveBlob(blob, resultFileName(doc.title, format));
}
