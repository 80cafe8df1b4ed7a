import { type Cell, neutralise } from "./cells.ts";

/** Column names as cell addresses use them: A…Z, AA…AZ, BA…, for the first `count` columns. */
export function columnNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    let name = "";
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    }
    return name;
  });
}

// What exceljs's xmlEncode touches: the five escaped characters, and DEL and the control characters XML 1.0
// does not allow (all but tab, line feed and carriage return), which it drops.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const XML_SPECIAL = /[<>&'"\u007f\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const XML_SPECIAL_ALL = new RegExp(XML_SPECIAL.source, "g");
const ENTITIES: Readonly<Record<string, string>> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  "'": "&apos;",
  '"': "&quot;",
};

/** Text as XML character data, as exceljs encodes it. */
export function xmlText(text: string): string {
  return XML_SPECIAL.test(text) ? text.replace(XML_SPECIAL_ALL, (c) => ENTITIES[c] ?? "") : text;
}

/**
 * One `<row>` of sheet XML, byte for byte what exceljs's streaming writer renders for a row of these
 * cells without styles or shared strings (sinks.test.ts holds the two side by side): numbers as values,
 * text as `t="str"`, empty cells left out, and nothing at all for a row with no value. exceljs builds a
 * Row, a Cell per value and an XmlStream per row for this: at 100,000 rows × 66 columns, about 7 s of the
 * main thread, against about half a second here.
 */
export function rowXml(row: readonly Cell[], rowNumber: number, columns: readonly string[]): string {
  let cells = "";
  for (let i = 0; i < row.length; i += 1) {
    const cell = row[i];
    if (typeof cell === "number") cells += `<c r="${columns[i]}${rowNumber}"><v>${cell}</v></c>`;
    else if (typeof cell === "string")
      cells += `<c r="${columns[i]}${rowNumber}" t="str"><v>${xmlText(cell)}</v></c>`;
  }
  if (cells === "") return "";
  return `<row r="${rowNumber}" spans="1:${row.length}" x14ac:dyDescent="0.25">${cells}</row>`;
}

/**
 * One exported row as the xlsx sink writes it: formula-like text neutralised (in place: the row is the
 * sink's from now on, and a copy per row would cost more than the check), then its `<row>`. The sink and
 * the xlsx worker thread (xml-worker.ts) both write rows through this, so their bytes are the same.
 */
export function sheetRowXml(row: Cell[], rowNumber: number, columns: readonly string[]): string {
  for (let i = 0; i < row.length; i += 1) {
    const cell = row[i];
    if (typeof cell === "string") row[i] = neutralise(cell);
  }
  return rowXml(row, rowNumber, columns);
}

/** UTF-8 sheet XML being written into a reusable buffer: its first `length` bytes. */
export interface XmlBytes {
  bytes: Uint8Array;
  length: number;
}

const encoder = new TextEncoder();

/**
 * Appends a row's XML as UTF-8 (into a larger buffer when it does not fit). Row by row: many rows' XML as
 * one string is a long rope that V8 flattens and encodes several times slower than these short strings.
 */
export function appendUtf8(out: XmlBytes, xml: string): void {
  if (out.bytes.length - out.length < xml.length * 3) {
    const larger = new Uint8Array(Math.max(out.bytes.length * 2, out.length + xml.length * 3));
    larger.set(out.bytes.subarray(0, out.length));
    out.bytes = larger;
  }
  out.length += encoder.encodeInto(xml, out.bytes.subarray(out.length)).written;
}
