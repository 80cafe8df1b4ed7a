import { rowTexts, type StatTable } from "@wjgj/core/stats-tables/table-model";
import { saveBlob } from "../../../../api/exports.ts";
import { copyText } from "../../../../lib/copy-text.ts";

/** The table as lines of cells: title, header, rows, footnotes (what a spreadsheet receives). */
export function tableLines(table: StatTable): string[][] {
  const width = table.columns.length;
  return [
    [table.title],
    table.columns.map((column) => column.title),
    ...table.rows.map((row) => rowTexts(row, width)),
    ...table.notes.map((note) => [`注：${note}`]),
  ];
}

export function toTsv(table: StatTable): string {
  // A tab or line break inside a cell would shift the columns of the paste.
  return tableLines(table)
    .map((cells) => cells.map((cell) => cell.replace(/[\t\r\n]+/g, " ")).join("\t"))
    .join("\n");
}

function csvCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** CSV with a byte-order mark, so Excel on Windows reads the Chinese as UTF-8. */
export function toCsv(table: StatTable): string {
  return `\uFEFF${tableLines(table)
    .map((cells) => cells.map(csvCell).join(","))
    .join("\r\n")}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

/** The three-line table as HTML with inline styles: Word and WPS keep the rules when it is pasted. */
export function toHtml(table: StatTable): string {
  const rule = "1.5px solid #000";
  const thin = "1px solid #000";
  const cellStyle = (numeric: boolean | undefined) =>
    `padding:2px 8px;text-align:${numeric ? "right" : "left"};white-space:nowrap`;
  const head = table.columns
    .map(
      (c) =>
        `<th style="${cellStyle(c.numeric)};border-top:${rule};border-bottom:${thin}">${escapeHtml(c.title)}</th>`,
    )
    .join("");
  const body = table.rows
    .map((row, index) => {
      const last = index === table.rows.length - 1 ? `;border-bottom:${rule}` : "";
      if ("cells" in row)
        return `<tr>${row.cells
          .map((cell, i) => {
            const text =
              typeof cell === "string"
                ? escapeHtml(cell)
                : `${escapeHtml(cell.text)}<sup>${escapeHtml(cell.sup)}</sup>`;
            return `<td style="${cellStyle(table.columns[i]?.numeric)}${last}">${text}</td>`;
          })
          .join("")}</tr>`;
      const lead = row.lead
        .map((text) => `<td style="${cellStyle(false)}${last}">${escapeHtml(text)}</td>`)
        .join("");
      const span = Math.max(1, table.columns.length - row.lead.length);
      return `<tr>${lead}<td colspan="${span}" style="${cellStyle(false)}${last}">${escapeHtml(row.message)}</td></tr>`;
    })
    .join("");
  const notes = table.notes
    .map((note) => `<p style="margin:2px 0;font-size:12px">注：${escapeHtml(note)}</p>`)
    .join("");
  return `<table style="border-collapse:collapse"><caption style="font-weight:bold;padding:4px">${escapeHtml(table.title)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>${notes}`;
}

/** Copies the table as HTML (pastes as a table in Word, WPS and Excel) with tab-separated text beside it. */
export async function copyTable(table: StatTable): Promise<boolean> {
  const text = toTsv(table);
  const html = toHtml(table);
  try {
    if (window.isSecureContext && navigator.clipboard?.write && typeof ClipboardItem !== "undefined") {
      await navigator.clipboard.write([
        new ClipboardItem({
          "text/plain": new Blob([text], { type: "text/plain" }),
          "text/html": new Blob([html], { type: "text/html" }),
        }),
      ]);
      return true;
    }
  } catch {
    // Refused (no focus, no permission): try the copy event next.
  }
  // Plain-http deployments: a copy command whose event carries both forms.
  let written = false;
  const handleCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData("text/plain", text);
    event.clipboardData.setData("text/html", html);
    event.preventDefault();
    written = true;
  };
  document.addEventListener("copy", handleCopy);
  try {
    if (document.execCommand("copy") && written) return true;
  } catch {
    // Fall back to text alone.
  } finally {
    document.removeEventListener("copy", handleCopy);
  }
  return copyText(text);
}

/** A file name Windows accepts: the table's title without the characters it refuses. */
export function tableFileName(table: StatTable): string {
  return `${table.title.replace(/[\\/:*?"<>|\s]+/g, "_").slice(0, 60)}.csv`;
}

export function downloadTable(table: StatTable): void {
  saveBlob(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }), tableFileName(table));
}
