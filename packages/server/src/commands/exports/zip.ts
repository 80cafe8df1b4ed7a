import { once } from "node:events";
import fs from "node:fs";
import { exportFileTexts } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/index.ts";
import { isSafeKey, type Storage } from "../../storage/index.ts";
import { openUpload, uploadStorageKey } from "../uploads/files.ts";
import { safeName } from "./cells.ts";
import { type ExportLayout, type ResponseSlice, serialOf } from "./rows.ts";

const DATA_URL_PNG = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/;

/** Names already used in one response's folder; a repeated name gets " (2)", " (3)"… before its extension. */
class FolderNames {
  private readonly used = new Set<string>();
  take(name: string): string {
    let candidate = name;
    const dot = name.lastIndexOf(".");
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    for (let n = 2; this.used.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
    this.used.add(candidate.toLowerCase());
    return candidate;
  }
}

export interface ZipEntrySource {
  /** Path inside the archive: `<序号>_<答卷编号>/<题号>_<原文件名>`. */
  name: string;
  /** A stored upload's path (`uploads.path`), opened when the entry is written (a sealed one decrypted). */
  upload?: string;
  /** A local file the export wrote (the R and Stata exports' data.csv), read when the entry is written. */
  path?: string;
  data?: Buffer;
}

/**
 * The files of one response: its claimed uploads (文件上传 and stored signatures) and signatures kept
 * inline as PNG data URLs. A malformed key or a missing file is skipped rather than failing the whole
 * archive.
 */
export async function responseEntries(
  db: Db,
  storage: Storage,
  layout: ExportLayout,
  batch: readonly ResponseSlice[],
): Promise<ZipEntrySource[]> {
  if (batch.length === 0) return [];
  const numberOf = new Map(layout.questions.map((q) => [q.questionId, q.number]));
  const uploads = await db
    .selectFrom("uploads")
    .select(["path", "originalName", "questionId", "responseId", "sealedGeneration"])
    .where(
      "responseId",
      "in",
      batch.map((r) => r.id),
    )
    .orderBy("id")
    .execute();
  const byResponse = new Map<number, typeof uploads>();
  for (const upload of uploads) {
    const list = byResponse.get(upload.responseId as number) ?? [];
    list.push(upload);
    byResponse.set(upload.responseId as number, list);
  }
  const entries: ZipEntrySource[] = [];
  for (const response of batch) {
    const folder = `${serialOf(response)}_${response.id}`;
    const names = new FolderNames();
    const label = (questionId: string) =>
      String(numberOf.get(questionId) ?? safeName(questionId, "题目", 64));
    for (const upload of byResponse.get(response.id) ?? []) {
      // Personal files (a stored signature) are left out of a masked archive, as the masked viewer leaves them out.
      const personal = layout.hidden.has(upload.questionId) || layout.masked.has(upload.questionId);
      if (!isSafeKey(upload.path) || personal) continue;
      if (!(await storage.stat(uploadStorageKey(upload.path)))) continue;
      const uploadedName =
        upload.sealedGeneration === null ? upload.originalName : sealedFileName(response, upload);
      const name = names.take(
        `${label(upload.questionId)}_${safeName(uploadedName, exportFileTexts.unnamedFile)}`,
      );
      entries.push({ name: `${folder}/${name}`, upload: upload.path });
    }
    for (const [questionId, answer] of inlineSignatures(layout, response)) {
      const name = names.take(`${label(questionId)}_${exportFileTexts.signatureFile}`);
      entries.push({ name: `${folder}/${name}`, data: Buffer.from(answer, "base64") });
    }
  }
  return entries;
}

/** A sealed upload's name as the respondent gave it: kept in the (sealed, now opened) answer, not in its row. */
function sealedFileName(
  response: ResponseSlice,
  upload: { path: string; originalName: string; questionId: string },
): string {
  const answers = response.opened ?? (JSON.parse(response.answers) as Record<string, unknown>);
  const files = answers[upload.questionId];
  const file = Array.isArray(files)
    ? (files.find((item) => (item as { fileId?: unknown } | null)?.fileId === upload.path) as
        | { name?: unknown }
        | undefined)
    : undefined;
  return typeof file?.name === "string" ? file.name : upload.originalName;
}

function inlineSignatures(layout: ExportLayout, response: ResponseSlice): [string, string][] {
  const signatures = layout.questions.filter(
    (q) => layout.latest.get(q.questionId)?.type === "signature" && !layout.masked.has(q.questionId),
  );
  if (signatures.length === 0) return [];
  if (!response.opened && !response.answers.includes("data:image/png")) return [];
  const answers = response.opened ?? (JSON.parse(response.answers) as Record<string, unknown>);
  const found: [string, string][] = [];
  for (const { questionId } of signatures) {
    const answer = answers[questionId];
    const match = typeof answer === "string" ? DATA_URL_PNG.exec(answer) : null;
    if (match?.[1]) found.push([questionId, match[1]]);
  }
  return found;
}

/** A zip written entry by entry: each `add` waits until archiver has taken the previous one. */
export async function zipWriter(filePath: string, files: Pick<AppContext, "db" | "storage">) {
  // archiver is loaded for the first zip, not at the server's start.
  const { ZipArchive } = await import("archiver");
  const out = fs.createWriteStream(filePath);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  let failure: unknown = null;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  out.on("error", fail);
  archive.on("error", fail);
  archive.on("warning", fail);
  archive.pipe(out);
  const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
  return {
    async add(entry: ZipEntrySource): Promise<void> {
      if (failure) throw failure;
      // Opened only now, one at a time: a bucket's connections are not held for files still waiting.
      const stored = entry.upload ? await openUpload(files, entry.upload) : null;
      if (entry.upload && !stored) return;
      const processed = once(archive, "entry");
      if (stored) archive.append(stored.body, { name: entry.name });
      else if (entry.path) archive.append(fs.createReadStream(entry.path), { name: entry.name });
      else archive.append(entry.data ?? Buffer.alloc(0), { name: entry.name });
      await Promise.race([processed, closed]);
      if (failure) throw failure;
    },
    async close(): Promise<void> {
      if (failure) throw failure;
      await archive.finalize();
      await closed;
      if (failure) throw failure;
    },
    async abort(): Promise<void> {
      archive.abort();
      out.destroy();
      await closed;
    },
  };
}
