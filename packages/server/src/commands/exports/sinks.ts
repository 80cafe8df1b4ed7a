import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { exportFileTexts } from "@wjgj/core";
import type ExcelJS from "exceljs";
import { type Cell, csvField, neutralise } from "./cells.ts";
import { columnNames, rowXml } from "./sheet-xml.ts";

/** Where exported rows go, one at a time; `drain` (called every few rows) waits while the file lags behind. */
export interface RowSink {
  /** Takes the row (an xlsx sink neutralises its text in place, a csv sink field by field). */
  add(row: Cell[]): void;
  drain(): Promise<void>;
  close(): Promise<void>;
  /** Stops writing after a failure and resolves once the file is closed; the caller removes it. */
  abort(): Promise<void>;
}

/** Uncompressed sheet XML allowed to wait for the zip compressor before rows pause. */
const XLSX_BACKLOG_BYTES = 32 * 1024 * 1024;

type InternalStream = { _writableState?: { length?: number }; _readableState?: { length?: number } };

/** The stream of a streaming worksheet's XML (exceljs's own, which it feeds into the zip entry). */
interface SheetStream {
  write(xml: string): unknown;
  pipes?: InternalStream[];
}

function sheetStream(sheet: ExcelJS.Worksheet): SheetStream {
  const stream = (sheet as unknown as { stream?: SheetStream }).stream;
  if (typeof stream?.write !== "function") throw new Error("exceljs's worksheet writer has no stream");
  return stream;
}

/**
 * exceljs hands each 64 KB of sheet XML to its zip entry without waiting, so a fast producer piles up
 * the whole uncompressed sheet in memory (≈3 KB per row). Its public API has no backpressure; this
 * reads how much is queued at the entry's stream, and 0 if exceljs ever changes shape.
 */
function sheetBacklog(stream: SheetStream): number {
  const pipe = stream.pipes?.[0];
  return (pipe?._writableState?.length ?? 0) + (pipe?._readableState?.length ?? 0);
}

/** A file stream whose failure is remembered instead of crashing the process. */
function fileOut(filePath: string) {
  const out = fs.createWriteStream(filePath);
  const state: { failure: unknown } = { failure: null };
  out.on("error", (error) => {
    state.failure ??= error;
  });
  const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
  return { out, state, closed };
}

/**
 * exceljs's streaming writer (inline strings, no styles) writes the workbook, the sheet around its rows
 * and the header row; the rows go into its sheet stream (not typed, like the backlog it reads) as the XML
 * `rowXml` renders, the same bytes (sinks.test.ts), flushed at every `drain`.
 */
export async function xlsxSink(filePath: string, headers: string[]): Promise<RowSink> {
  // exceljs takes a fifth of a second to load: the server loads it for its first spreadsheet, not at start.
  const { default: excel } = await import("exceljs");
  const { out, state, closed } = fileOut(filePath);
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(exportFileTexts.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(headers).commit();
  const stream = sheetStream(sheet);
  let columns = columnNames(headers.length);
  let rowNumber = 1;
  let pending = "";
  const flush = () => {
    if (pending !== "") stream.write(pending);
    pending = "";
  };
  return {
    add(row) {
      // In place: the row is the sink's from now on, and a copy per row would cost more than the check.
      for (let i = 0; i < row.length; i += 1) {
        const cell = row[i];
        if (typeof cell === "string") row[i] = neutralise(cell);
      }
      if (row.length > columns.length) columns = columnNames(row.length);
      rowNumber += 1;
      pending += rowXml(row, rowNumber, columns);
    },
    async drain() {
      flush();
      // A turn of the event loop lets the compressor (zlib works off the main thread, one chunk per
      // callback) take the XML written so far, so compression overlaps with reading the next rows.
      await new Promise((resolve) => setImmediate(resolve));
      // If it still lags, wait: polling keeps this independent of which events exceljs's streams emit.
      while (state.failure === null && sheetBacklog(stream) > XLSX_BACKLOG_BYTES) await sleep(2);
      if (state.failure) throw state.failure;
    },
    async close() {
      if (state.failure) throw state.failure;
      flush();
      sheet.commit();
      await workbook.commit();
      await closed;
      if (state.failure) throw state.failure;
    },
    async abort() {
      out.destroy();
      await closed;
    },
  };
}

const CSV_CHUNK_CHARS = 256 * 1024;

/**
 * UTF-8 with a BOM (so Excel detects the encoding), RFC 4180 quoting, CRLF line ends. Without the BOM
 * (`bom: false`) for files R and Stata read: their CSV readers would take it into the first column's name.
 */
export function csvSink(filePath: string, headers: string[], options: { bom?: boolean } = {}): RowSink {
  const { out, state, closed } = fileOut(filePath);
  let pending = `${options.bom === false ? "" : "\uFEFF"}${headers.map(csvField).join(",")}\r\n`;
  const flush = async () => {
    if (state.failure) throw state.failure;
    if (pending === "") return;
    const ok = out.write(pending);
    pending = "";
    if (!ok) await Promise.race([new Promise<void>((resolve) => out.once("drain", () => resolve())), closed]);
    if (state.failure) throw state.failure;
  };
  return {
    add(row) {
      pending += `${row.map(csvField).join(",")}\r\n`;
    },
    async drain() {
      if (pending.length >= CSV_CHUNK_CHARS) await flush();
    },
    async close() {
      await flush();
      out.end();
      await closed;
      if (state.failure) throw state.failure;
    },
    async abort() {
      out.destroy();
      await closed;
    },
  };
}
