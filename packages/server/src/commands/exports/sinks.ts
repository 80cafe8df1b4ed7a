import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { exportFileTexts } from "@wjgj/core";
import type ExcelJS from "exceljs";
import { type Cell, csvField } from "./cells.ts";
import { useNativeCrc32 } from "./native-crc32.ts";
import { appendUtf8, columnNames, sheetRowXml, type XmlBytes } from "./sheet-xml.ts";

/** Where exported rows go, one at a time; `drain` (called every few rows) waits while the file lags behind. */
export interface RowSink {
  /** Takes the row (an xlsx sink neutralises its text in place, a csv sink field by field). */
  add(row: Cell[]): void;
  drain(): Promise<void>;
  close(): Promise<void>;
  /** Stops writing after a failure and resolves once the file is closed; the caller removes it. */
  abort(): Promise<void>;
}

/** An xlsx file's sink also takes rows already rendered as sheet XML (by the xlsx worker thread). */
export interface XlsxSink extends RowSink {
  /**
   * The UTF-8 `<row>`s of the next `rows` rows (numbered by the caller, after those added so far). The
   * sink keeps the bytes until the compressor has taken them: the caller must not change them.
   */
  addXml(xml: Uint8Array, rows: number): void;
}

/** Uncompressed sheet XML allowed to wait for the zip compressor before rows pause. */
const XLSX_BACKLOG_BYTES = 32 * 1024 * 1024;

type InternalStream = { _writableState?: { length?: number }; _readableState?: { length?: number } };

/** The stream of a streaming worksheet's XML (exceljs's own, which it feeds into the zip entry). */
interface SheetStream {
  write(xml: string | Buffer): unknown;
  pipes?: InternalStream[];
  /** Collecting what it is given in 64 KB buffers before passing them on (how exceljs opens it). */
  batch?: boolean;
  /** Passes on what it has collected. */
  uncork?: () => void;
}

/**
 * Rows rendered elsewhere come in batches of a megabyte or two: exceljs's sheet stream would copy each into
 * its 64 KB buffers and hand the compressor one of them per turn of this thread's event loop. Passed on as
 * they are (after what the stream collected so far, so the order stays), with compressed output taken in
 * larger pieces too (ZLIB_CHUNK_BYTES), the compressor gets several milliseconds of work per turn and keeps
 * going while this thread reads the next responses. Unchanged if exceljs ever changes shape.
 */
function passBatchesOn(stream: SheetStream): void {
  if (stream.batch !== true || typeof stream.uncork !== "function") return;
  stream.uncork();
  stream.batch = false;
}

/**
 * Compressed bytes the compressor hands back at a time (zlib's default is 16 KB): each piece is a round
 * trip through this thread. The compressed bytes are the same whatever the piece size.
 */
const ZLIB_CHUNK_BYTES = 256 * 1024;

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
 * `sheetRowXml` renders, the same bytes (sinks.test.ts), flushed at every `drain` — or already rendered by
 * the xlsx worker thread (`addXml`). exceljs's zip checksums go through zlib's crc32 (native-crc32.ts).
 */
export async function xlsxSink(filePath: string, headers: string[]): Promise<XlsxSink> {
  // exceljs takes a fifth of a second to load: the server loads it for its first spreadsheet, not at start.
  const { default: excel } = await import("exceljs");
  useNativeCrc32();
  const { out, state, closed } = fileOut(filePath);
  const workbook = new excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
    // The level stays exceljs's (archiver's default, the fastest): only the size of the output pieces.
    zip: { zlib: { chunkSize: ZLIB_CHUNK_BYTES } },
  });
  const sheet = workbook.addWorksheet(exportFileTexts.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.addRow(headers).commit();
  const stream = sheetStream(sheet);
  let columns = columnNames(headers.length);
  let rowNumber = 1;
  // Rows since the last drain, encoded one by one (appendUtf8).
  const pending: XmlBytes = { bytes: new Uint8Array(64 * 1024), length: 0 };
  const flush = () => {
    if (pending.length === 0) return;
    // A copy: the stream may keep what it is given (passBatchesOn), and this buffer is filled again.
    stream.write(Buffer.from(pending.bytes.subarray(0, pending.length)));
    pending.length = 0;
  };
  return {
    add(row) {
      if (row.length > columns.length) columns = columnNames(row.length);
      rowNumber += 1;
      appendUtf8(pending, sheetRowXml(row, rowNumber, columns));
    },
    addXml(xml, rows) {
      flush();
      passBatchesOn(stream);
      rowNumber += rows;
      if (xml.byteLength > 0) stream.write(Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength));
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
