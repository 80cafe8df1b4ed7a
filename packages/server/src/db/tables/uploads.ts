import type { Generated, Selectable } from "kysely";

/**
 * Files respondents uploaded (文件上传, 电子签名). `path` is the random storage key under DATA_DIR/uploads;
 * `answerSession` ties a file to the page that uploaded it until a response claims it (`responseId`).
 */
export interface UploadsTable {
  id: Generated<number>;
  path: string;
  originalName: string;
  size: number;
  mime: string;
  questionnaireId: number;
  questionId: string;
  answerSession: string;
  userId: number | null;
  responseId: number | null;
  createdAt: string;
  /** The data-key generation the stored bytes are sealed under (敏感文件, 签名); null: stored as uploaded. */
  sealedGeneration: number | null;
}

export type UploadRow = Selectable<UploadsTable>;
