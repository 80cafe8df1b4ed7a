import { type ExportFilter, type ExportJob, exportKindNames, exportStatusNames } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { ExportJobRow } from "../db/tables/export-jobs.ts";

function filterOf(json: string | null): ExportFilter | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as ExportFilter;
  } catch {
    return null;
  }
}

export function presentExportJob(row: ExportJobRow): ExportJob {
  return {
    id: row.id,
    questionnaireId: row.questionnaireId,
    kind: row.kind,
    kindName: exportKindNames[row.kind],
    status: row.status,
    statusName: exportStatusNames[row.status],
    progress: row.progress,
    rows: row.rows,
    fileName: row.fileName,
    fileSize: row.fileSize,
    error: row.error,
    filter: filterOf(row.filter),
    createdAt: chinaDateTime(row.createdAt),
    finishedAt: chinaDateTime(row.finishedAt),
    expiresAt: chinaDateTime(row.expiresAt),
    downloadPath:
      row.status === "done"
        ? `/wjgj/api/export/downloadExport?questionnaireId=${row.questionnaireId}&id=${row.id}`
        : "",
  };
}
