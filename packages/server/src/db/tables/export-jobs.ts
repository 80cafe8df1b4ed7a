import type { ExportKind, ExportStatus } from "@wjgj/core";
import type { Generated, Selectable } from "kysely";

/**
 * Background exports of a questionnaire's responses (xlsx, csv, zip of uploads). The file lives under
 * DATA_DIR/exports at the random `fileKey`; `fileName` is what the download is saved as.
 */
export interface ExportJobsTable {
  id: Generated<number>;
  questionnaireId: number;
  /** Who asked for it. */
  userId: number;
  kind: ExportKind;
  /** The filter as sent (JSON), or null for "all valid responses". */
  filter: string | null;
  /** 1: made for a member who may not see personal data, so the file holds none. */
  hidePersonal: Generated<number>;
  status: ExportStatus;
  /** 0–100. */
  progress: number;
  rows: number;
  fileName: string;
  fileKey: string | null;
  fileSize: number;
  /** Why it failed, in Chinese; "" otherwise. */
  error: string;
  createdAt: string;
  finishedAt: string | null;
  expiresAt: string | null;
}

export type ExportJobRow = Selectable<ExportJobsTable>;
