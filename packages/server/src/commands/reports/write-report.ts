import { writeFile } from "node:fs/promises";
import { type ExportFilter, type SurveyDefinition, withoutPersonalData } from "@wjgj/core";
import type { Db, DialectName } from "../../db/index.ts";
import { reportData } from "./report-data.ts";
import { reportDocx } from "./report-docx.ts";
import { reportPdf } from "./report-pdf.ts";

/** What an export job asks of a report (its ExportRequest, kind docx or pdf). */
export interface ReportRequest {
  questionnaireId: number;
  kind: "docx" | "pdf";
  filter: ExportFilter | null;
  hidePersonal?: boolean | undefined;
  filePath: string;
  signal?: AbortSignal | undefined;
  onProgress?: ((rows: number, total: number) => Promise<void>) | undefined;
  dialect: DialectName;
  now: Date;
}

/** Progress steps of a report (the recorder writes at most every 1,000 rows, so steps count in thousands). */
const STEP = 1000;

/**
 * Writes the analysis report (export kinds docx and pdf) as an export job: the data read question by question
 * (the first half of the progress), then each chart rendered (the second). A member who may not see personal
 * data gets a report without those questions. Returns the responses the report covers.
 */
export async function writeReport(
  db: Db,
  request: ReportRequest,
  definition: SurveyDefinition,
): Promise<{ rows: number }> {
  const shown = request.hidePersonal ? withoutPersonalData(definition) : definition;
  let questions = 1;
  const data = await reportData(
    db,
    request.dialect,
    request.questionnaireId,
    shown,
    request.filter,
    request.now,
    async (done, total) => {
      questions = total;
      request.signal?.throwIfAborted();
      await request.onProgress?.(done * STEP, total * 2 * STEP);
    },
  );
  let charts = 0;
  const onChart = async () => {
    charts += 1;
    request.signal?.throwIfAborted();
    await request.onProgress?.((questions + Math.min(charts, questions)) * STEP, questions * 2 * STEP);
  };
  const body = request.kind === "docx" ? await reportDocx(data, onChart) : await reportPdf(data, onChart);
  await writeFile(request.filePath, body);
  return { rows: data.overview.responses };
}
