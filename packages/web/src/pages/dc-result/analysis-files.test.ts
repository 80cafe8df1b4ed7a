import ExcelJS from "exceljs";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { outcomeTables } from "./components/analysis/outcome-tables.ts";
import {
  type ResultDocument,
  resultDocx,
  resultFileName,
  resultXlsx,
} from "./components/analysis/result-file.ts";
import { crosstabOutcome, tTestOutcome } from "./testing/analysis-fixtures.ts";

const doc = (outcome: typeof crosstabOutcome): ResultDocument => ({
  title: "交叉分析（卡方检验）",
  summary: "筛选后答卷 40 份",
  reading: ["p < 0.05，不同性别在满意度上差异显著"],
  tables: outcomeTables(outcome),
});

/** The blob's bytes, read as the browser reads a download (jsdom's Blob has no arrayBuffer()). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

describe("统计分析 as a Word or Excel file", () => {
  it("Word: the title, the reading and every table with its cells, rules and notes", async () => {
    const zip = await JSZip.loadAsync(await bytesOf(await resultDocx(doc(crosstabOutcome))));
    const xml = (await zip.file("word/document.xml")?.async("string")) ?? "";
    const unescapeXml = (text: string) =>
      text
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    const texts = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => unescapeXml(m[1] ?? ""));
    expect(texts.slice(0, 4)).toEqual([
      "交叉分析（卡方检验）",
      "筛选后答卷 40 份",
      "分析结论",
      "p < 0.05，不同性别在满意度上差异显著",
    ]);
    const tables = outcomeTables(crosstabOutcome);
    expect(xml.match(/<w:tbl>/g)).toHaveLength(tables.length);
    for (const table of tables) {
      expect(texts).toContain(table.title);
      for (const column of table.columns.filter((c) => c.title)) expect(texts).toContain(column.title);
    }
    expect(texts).toContain("12（60.0%） B");
    expect(texts.some((t) => t?.startsWith("注："))).toBe(true);
    // Three-line tables: a thick rule above the header, none between the body's rows.
    expect(xml).toContain('w:val="single" w:color="000000" w:sz="12"');
  });

  it("Excel: the tables one under another, figures as numbers, a row that could not be computed merged", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytesOf(await resultXlsx(doc(tTestOutcome))));
    const sheet = workbook.getWorksheet("统计分析");
    if (!sheet) throw new Error("no sheet");
    // Blank rows between the blocks are left out; each row keeps its number on the sheet.
    const rows: unknown[][] = [];
    const numbers: number[] = [];
    sheet.eachRow((row, number) => {
      rows.push((row.values as unknown[]).slice(1));
      numbers.push(number);
    });
    expect(rows[0]).toEqual(["交叉分析（卡方检验）"]);
    expect(rows[1]).toEqual(["筛选后答卷 40 份"]);
    const [main] = outcomeTables(tTestOutcome);
    if (!main) throw new Error("no table");
    const title = rows.findIndex((cells) => cells[0] === main.title);
    expect(rows[title + 1]).toEqual(main.columns.map((c) => c.title));
    // The variable whose groups were too small: its reason spans the figures' columns.
    const failed = rows.find((cells) => cells[0] === "每周学习时长");
    expect(failed?.[1]).toBe("每组至少需要2个有效值");
    const failedRow = sheet.getRow(numbers[rows.indexOf(failed as unknown[])] ?? 0);
    expect(failedRow.getCell(2).isMerged).toBe(true);
    expect(rows.flat().some((cell) => typeof cell === "number")).toBe(true);
  });

  it("names the file after the method, without characters Windows refuses", () => {
    expect(resultFileName("独立样本t检验 / 方差齐性", "docx")).toBe("独立样本t检验_方差齐性.docx");
  });
});
