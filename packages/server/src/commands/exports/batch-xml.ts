import type { Question } from "@wjgj/core";
import {
  answersOf,
  type ExportLayout,
  maskAnswers,
  type ResponseSlice,
  responseRow,
  serialOf,
} from "./row-layout.ts";
import { appendUtf8, columnNames, sheetRowXml, type XmlBytes } from "./sheet-xml.ts";

/**
 * Appends the sheet XML of `responses[from..to)` (`firstRow`: the place in the file of `responses[0]`, 1 for the
 * first response; each row's 序号 is its own `seq`) to `out`, as the xlsx sink
 * writes rows, byte for byte: the worker thread renders whole batches with it, the main thread the batches
 * it takes on while the worker is busy. The responses were read with `answersAsBytes` and without `mask`:
 * their answers are decoded, parsed and masked here.
 */
export function appendBatchXml(
  out: XmlBytes,
  layout: ExportLayout,
  columns: readonly string[],
  questionsOf: (revisionId: number) => Map<string, Question> | undefined,
  responses: readonly ResponseSlice[],
  firstRow: number,
  from = 0,
  to = responses.length,
): void {
  for (let i = from; i < to; i += 1) {
    const response = responses[i];
    if (!response) continue;
    // Parsed for this row alone, and nothing of it kept on the response: a batch's answers would otherwise
    // live through collections until its last row is rendered.
    const answers = answersOf(response);
    // Masked here, after parsing, as rows.ts masks the answers it reads for an export on one thread.
    if (layout.masked.size > 0) maskAnswers(answers, layout.masked);
    const row = responseRow(
      layout,
      response,
      serialOf(response),
      questionsOf(response.revisionId),
      undefined,
      answers,
    );
    // The sheet's row under the header row: as the sink numbers the rows it is given.
    appendUtf8(
      out,
      sheetRowXml(row, firstRow + i + 1, row.length > columns.length ? columnNames(row.length) : columns),
    );
  }
}
