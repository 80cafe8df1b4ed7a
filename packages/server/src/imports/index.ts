import type { QuestionnaireKind } from "@wjgj/core";
import type { Draft, ImportPreview } from "./draft.ts";
import { excelDraft } from "./excel.ts";
import { finishDraft } from "./finish.ts";
import { lsaDraft, lssDraft } from "./limesurvey.ts";
import { importMessages as m } from "./messages.ts";
import { jsonDraft } from "./surveyjs.ts";
import { wordDraft } from "./word.ts";
import { ImportRefusal } from "./zip.ts";

export type { ImportCounts, ImportPreview } from "./draft.ts";
export { excelTemplate } from "./excel.ts";
export { exportSurveyJs } from "./surveyjs.ts";

/** The largest file an import reads (the same for every format). */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export interface ImportFile {
  fileName: string;
  bytes: Uint8Array;
  /** The kind chosen before importing; otherwise an exam when the file has answers, else a survey. */
  kind?: QuestionnaireKind;
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;
const text = (bytes: Uint8Array) => new TextDecoder("utf-8").decode(bytes);

function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot < 0 ? "" : base.slice(dot + 1).toLowerCase();
}

/** The file's name without its extension: the title when the file names none. */
function titleFrom(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "").trim();
  return base.slice(0, 200) || "导入的问卷";
}

async function draftOf(file: ImportFile): Promise<Draft> {
  const fallback = titleFrom(file.fileName);
  const { bytes, kind } = file;
  switch (extensionOf(file.fileName)) {
    case "xlsx":
      return excelDraft(bytes, fallback, kind);
    case "docx":
      return wordDraft(bytes, fallback, kind);
    case "json":
      return jsonDraft(text(bytes), fallback, kind);
    case "lss":
      // A renamed archive is still read as one.
      return isZip(bytes) ? lsaDraft(bytes, fallback, kind) : lssDraft(text(bytes), fallback, kind);
    case "lsa":
      return lsaDraft(bytes, fallback, kind);
    case "xls":
      throw new ImportRefusal(m.oldExcel());
    case "doc":
      throw new ImportRefusal(m.oldWord());
    default:
      throw new ImportRefusal(m.unknownFormat());
  }
}

/**
 * `questionary/previewImport`: a questionnaire file (Excel from the template, Word, SurveyJS JSON, our own
 * JSON, LimeSurvey .lss/.lsa) as a definition that passes core's checks, with the list of what could not be
 * carried over. Pure: nothing is stored and nothing touches the file system; the user confirms, then the
 * page creates the questionnaire with addQuestionary.
 */
export async function previewImport(file: ImportFile): Promise<ImportPreview> {
  if (file.bytes.length > MAX_IMPORT_BYTES) return { ok: false, message: m.tooLarge() };
  if (file.bytes.length === 0) return { ok: false, message: m.empty() };
  try {
    return finishDraft(await draftOf(file));
  } catch (error) {
    if (error instanceof ImportRefusal) return { ok: false, message: error.message };
    throw error;
  }
}
