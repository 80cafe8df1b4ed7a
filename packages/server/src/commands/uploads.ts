import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getQuestionType } from "@wjgj/core";
import { fileTypeFromBuffer } from "file-type";
import { iso } from "../clock.ts";
import type { AppContext } from "../context.ts";
import { toCount } from "../db/index.ts";
import type { UploadRow } from "../db/tables/uploads.ts";
import { ForbiddenError, InvalidInputError, NotFoundError } from "../errors.ts";
import type { Viewer } from "../http/viewer.ts";
import { allowOnQuestionnaire } from "../policies/index.ts";
import { findByPublicId } from "./answering/open.ts";
import { publishedRevision } from "./answering/revisions.ts";
import { answerState } from "./answering/state.ts";
import { readSettings } from "./questionnaires/store.ts";

export interface IncomingFile {
  filename: string;
  data: Buffer;
}

export interface UploadedFileInfo {
  url: string;
  path: string;
  /** The id a file answer stores (core's file-upload answer: `{ fileId, name, size, mime }`). */
  fileId: string;
  name: string;
  size: number;
  type: string;
}

export function uploadsDir(ctx: AppContext): string {
  return path.join(ctx.config.dataDir, "uploads");
}

/** The public URL of a stored file: an unguessable capability, served with safe headers. */
export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Extensions that name the same content as the one sniffed. */
const SAME_TYPE: Record<string, string[]> = {
  jpg: ["jpg", "jpeg", "jpe"],
  tif: ["tif", "tiff"],
  mp4: ["mp4", "m4v"],
};

type UploadLimits = { accept: string[]; maxSizeMb: number; maxCount: number };

async function questionLimits(
  ctx: AppContext,
  questionnaireId: number,
  version: number | null,
  questionId: string,
) {
  if (version === null) return null;
  const revision = await publishedRevision(ctx.db, questionnaireId, version);
  const question = revision?.definition.pages.flatMap((p) => p.questions).find((q) => q.id === questionId);
  if (!question) return null;
  if (question.type === "signature")
    return { accept: ["png"], maxSizeMb: 2, maxCount: 1 } satisfies UploadLimits;
  if (question.type !== "file") return null;
  const config = getQuestionType("file")?.configSchema.parse(question.config) as UploadLimits;
  return config;
}

/**
 * `upload/upload`: stores a respondent's file for one question of an open questionnaire. The content is
 * sniffed by its magic bytes: the type must be allowed and match the name's extension; names on disk
 * are random, never the uploaded name.
 */
export async function storeUpload(
  ctx: AppContext,
  viewer: Viewer | null,
  args: { publicId: string; questionId: string; answerSession: string; file: IncomingFile },
): Promise<UploadedFileInfo> {
  const row = await findByPublicId(ctx.db, args.publicId);
  const owner = allowOnQuestionnaire(viewer, "read", row);
  if (!owner && answerState(row, readSettings(row.settings), ctx.clock.now()) !== "open") {
    throw new ForbiddenError("uploadNotAllowed");
  }
  const limits = await questionLimits(ctx, row.id, row.publishedVersion, args.questionId);
  if (!limits) throw InvalidInputError.field("questionId", "uploadNotAllowed");
  if (args.file.data.length === 0) throw InvalidInputError.field("file", "uploadMissingFile");
  if (args.file.data.length > limits.maxSizeMb * 1024 * 1024)
    throw InvalidInputError.field("file", "uploadTooLarge");

  const sniffed = await fileTypeFromBuffer(args.file.data);
  const claimed = extensionOf(args.file.filename);
  if (!sniffed) throw InvalidInputError.field("file", "uploadTypeRefused");
  const sameType = SAME_TYPE[sniffed.ext] ?? [sniffed.ext];
  if (claimed && !sameType.includes(claimed)) throw InvalidInputError.field("file", "uploadContentMismatch");
  if (limits.accept.length > 0 && !sameType.some((ext) => limits.accept.includes(ext))) {
    throw InvalidInputError.field("file", "uploadTypeRefused");
  }
  const already = await ctx.db
    .selectFrom("uploads")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", row.id)
    .where("questionId", "=", args.questionId)
    .where("answerSession", "=", args.answerSession)
    .executeTakeFirst();
  if (toCount(already) >= limits.maxCount) throw InvalidInputError.field("file", "uploadTooMany");

  const now = ctx.clock.now();
  const key = `${iso(now).slice(0, 7)}/${randomBytes(16).toString("hex")}.${sniffed.ext}`;
  const target = path.join(uploadsDir(ctx), key);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, args.file.data, { flag: "wx" });
  const name = path.basename(args.file.filename || `file.${sniffed.ext}`).slice(0, 255);
  try {
    await ctx.db
      .insertInto("uploads")
      .values({
        path: key,
        originalName: name,
        size: args.file.data.length,
        mime: sniffed.mime,
        questionnaireId: row.id,
        questionId: args.questionId,
        answerSession: args.answerSession,
        userId: viewer?.user.id ?? null,
        responseId: null,
        createdAt: iso(now),
      })
      .execute();
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  return {
    url: uploadUrl(key),
    path: key,
    fileId: key,
    name,
    size: args.file.data.length,
    type: sniffed.mime,
  };
}

function mayDelete(
  upload: UploadRow,
  viewer: Viewer | null,
  answerSession: string | undefined,
  ownerId: number,
) {
  if (viewer && (viewer.user.id === ownerId || (upload.userId !== null && viewer.user.id === upload.userId)))
    return true;
  // The page that uploaded it may take it back until a response has claimed it.
  return upload.responseId === null && answerSession !== undefined && answerSession === upload.answerSession;
}

/** `upload/delFileByPath`: only files the caller uploaded in this answering session, or owns. */
export async function deleteUpload(
  ctx: AppContext,
  viewer: Viewer | null,
  args: { path: string; answerSession?: string | undefined },
): Promise<void> {
  const key = args.path.replace(/^\/?uploads\//, "");
  const upload = await ctx.db.selectFrom("uploads").selectAll().where("path", "=", key).executeTakeFirst();
  if (!upload) throw new NotFoundError("uploadNotFound");
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select("ownerId")
    .where("id", "=", upload.questionnaireId)
    .executeTakeFirstOrThrow();
  if (!mayDelete(upload, viewer, args.answerSession, questionnaire.ownerId)) throw new ForbiddenError();
  await ctx.db.deleteFrom("uploads").where("id", "=", upload.id).execute();
  await fs.rm(path.join(uploadsDir(ctx), key), { force: true });
}
