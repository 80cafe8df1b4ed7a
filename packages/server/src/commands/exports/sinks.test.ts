import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { exportFileTexts } from "@wjgj/core";
import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { zipEntries } from "../../../test/export-fixtures.ts";
import { type Cell, neutraliseCell } from "./cells.ts";
import { columnNames, sheetRowXml, xmlText } from "./sheet-xml.ts";
import { xlsxSink } from "./sinks.ts";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wjgj-sinks-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function sheetXml(file: string): string {
  const entry = zipEntries(fs.readFileSync(file)).find((e) => e.name.endsWith("xl/worksheets/sheet1.xml"));
  if (!entry) throw new Error("no sheet1.xml");
  return entry.data.toString("utf8");
}

/** The same rows written by exceljs's streaming writer row by row, as the xlsx sink did before. */
async function exceljsFile(file: string, headers: string[], rows: Cell[][]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(exportFileTexts.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(headers).commit();
  for (const row of rows) sheet.addRow(row.map(neutraliseCell)).commit();
  sheet.commit();
  await workbook.commit();
}

describe("the xlsx sink", () => {
  it("writes the sheet exceljs writes for the same rows, byte for byte", async () => {
    const width = 30; // past Z, so two-letter columns too
    const headers = Array.from({ length: width }, (_, i) => `${i + 1}、题目 <${i}> & "引号"`);
    const cells: Cell[] = [
      1,
      -3.5,
      0,
      1e21,
      0.1 + 0.2,
      123456789012,
      null,
      "满意┋不满意",
      "",
      '=HYPERLINK("x")',
      "-5",
      "+86 138",
      "@SUM(A1)",
      "<b>粗体</b> & 'apos' \"quote\"",
      "控制\u0001字符\u0008与\u007f删除\u001f",
      "制表\t换行\n回车\r",
      "emoji 😀 and ﬁ",
      "  前后空格  ",
      "]]>",
      "&amp; already",
    ];
    const full = (seed: number): Cell[] =>
      Array.from({ length: width }, (_, i) => cells[(i + seed) % cells.length] ?? null);
    const rows: Cell[][] = [
      full(0),
      full(7),
      Array.from({ length: width }, () => null), // no value: no <row>, but its number is used
      [null, "only B", ...Array.from({ length: width - 2 }, () => null)],
      full(13),
    ];

    const ours = path.join(dir, "ours.xlsx");
    const sink = await xlsxSink(ours, headers);
    for (const row of rows) sink.add([...row]);
    await sink.drain();
    await sink.close();
    const reference = path.join(dir, "exceljs.xlsx");
    await exceljsFile(reference, headers, rows);

    const xml = sheetXml(ours);
    expect(xml).toBe(sheetXml(reference));
    expect(xml).toContain('<c r="AD2" t="str">');
    expect(xml).toContain('<row r="5"');
    expect(xml).not.toContain('<row r="4"');
  });

  it("takes rows rendered elsewhere between rows it renders, and writes the same sheet", async () => {
    const headers = ["序号", "意见"];
    const rows: Cell[][] = Array.from({ length: 40 }, (_, i) => [
      i + 1,
      i % 3 === 0 ? `=第${i}条 <b>&` : `意见${i}`,
    ]);
    const whole = path.join(dir, "whole.xlsx");
    const one = await xlsxSink(whole, headers);
    for (const row of rows) one.add([...row]);
    await one.close();

    const mixed = path.join(dir, "mixed.xlsx");
    const sink = await xlsxSink(mixed, headers);
    const columns = columnNames(headers.length);
    for (const row of rows.slice(0, 5)) sink.add([...row]);
    await sink.drain();
    // Rows 6–30 as the worker thread renders them: numbered by the caller, UTF-8.
    const rendered = rows
      .slice(5, 30)
      .map((row, i) => sheetRowXml([...row], i + 7, columns))
      .join("");
    sink.addXml(new TextEncoder().encode(rendered), 25);
    for (const row of rows.slice(30)) sink.add([...row]);
    await sink.close();
    expect(sheetXml(mixed)).toBe(sheetXml(whole));
    expect(sheetXml(mixed)).toContain('<row r="41"');
  });

  it("neutralises formula-like text in place", async () => {
    const file = path.join(dir, "neutral.xlsx");
    const sink = await xlsxSink(file, ["a", "b"]);
    const row: Cell[] = ["=1+2", 3];
    sink.add(row);
    await sink.close();
    expect(row).toEqual(["'=1+2", 3]);
    expect(sheetXml(file)).toContain("<v>&apos;=1+2</v>");
  });
});

describe("sheet XML", () => {
  it("names columns as cell addresses do", () => {
    const names = columnNames(800);
    expect(names.slice(0, 3)).toEqual(["A", "B", "C"]);
    expect(names.slice(24, 29)).toEqual(["Y", "Z", "AA", "AB", "AC"]);
    expect(names[51]).toBe("AZ");
    expect(names[52]).toBe("BA");
    expect(names[701]).toBe("ZZ");
    expect(names[702]).toBe("AAA");
  });

  it("escapes markup and drops the control characters XML cannot hold", () => {
    expect(xmlText("满意")).toBe("满意");
    expect(xmlText(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
    expect(xmlText("a\u0000b\u000bc\u007fd\te\nf\rg")).toBe("abcd\te\nf\rg");
  });
});
