import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { getQuestionType, isPersonalDataQuestion } from "@wjgj/core";
import { fileTypeFromBuffer } from "file-type";
import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { toCount } from "../../db/index.ts";
import type { UploadRow } from "../../db/tables/uploads.ts";
import { ForbiddenError, InvalidInputError, NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnQuestionnaire } from "../../policies/index.ts";
import { isSafeKey, type StoredObject } from "../../storage/index.ts";
import { findByPublicId } from "../answering/open.ts";
import { publishedRevision } from "../answering/revisions.ts";
import { answerState } from "../answering/state.ts";
import { assertUploadSpace } from "../money/entitlements.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { memberRoleOf, readSettings } from "../questionnaires/store.ts";

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

/** An upload's key in storage: uploads live under `uploads/`, their rows keep the rest. */
export function uploadStorageKey(key: string): string {
  return `uploads/${key}`;
}

/** Types by the (sniffed, server-chosen) extension of a stored file; anything else downloads as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  zip: "application/zip",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
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

/**
 * The file's type by its magic bytes, or null when they name none. A damaged or truncated file (a PNG
 * signature and nothing more) makes the sniffer read past the end and throw: that is the client's file,
 * refused as unreadable, never a 500.
 */
async function sniffType(data: Buffer): Promise<{ ext: string; mime: string } | null> {
  try {
    return (await fileTypeFromBuffer(data)) ?? null;
  } catch {
    throw InvalidInputError.field("file", "uploadDamaged");
  }
}

type UploadLimits = { accept: string[]; maxSizeMb: number; maxCount: number };

/**
 * The file's type by its magic bytes: it must be one of `accept` (any when empty) and match the name's
 * extension, so a renamed file never passes as another type.
 */
export async function sniffAllowed(file: IncomingFile, accept: readonly string[]) {
  const sniffed = await sniffType(file.data);
  const claimed = extensionOf(file.filename);
  if (!sniffed) throw InvalidInputError.field("file", "uploadTypeRefused");
  const sameType = SAME_TYPE[sniffed.ext] ?? [sniffed.ext];
  if (claimed && !sameType.includes(claimed)) throw InvalidInputError.field("file", "uploadContentMismatch");
  if (accept.length > 0 && !sameType.some((ext) => accept.includes(ext))) {
    throw InvalidInputError.field("file", "uploadTypeRefused");
  }
  return sniffed;
}

/**
 * Stores an accepted file: stored durably under a fresh random key (names on disk are never the uploaded
 * name), then its row; a row that cannot be written takes the file away again.
 */
export async function saveUpload(
  ctx: AppContext,
  args: {
    file: IncomingFile;
    sniffed: { ext: string; mime: string };
    fallbackName: string;
    questionnaireId: number;
    questionId: string;
    answerSession: string;
    userId: number | null;
    /** A personal file (敏感文件, 签名): sealed under the questionnaire's data key while encryption is on. */
    personal?: boolean;
  },
): Promise<UploadedFileInfo> {
  const now = ctx.clock.now();
  const key = `${iso(now).slice(0, 7)}/${randomBytes(16).toString("hex")}.${args.sniffed.ext}`;
  const keys = args.personal ? await keyringOf(ctx.db).forWriting(args.questionnaireId) : null;
  const sealedGeneration = keys?.sealing ? keys.generation : null;
  // Stored (synced, on local disk) before the row exists and the page is answered: a response may claim
  // it right after.
  await ctx.storage.put(
    uploadStorageKey(key),
    keys && sealedGeneration !== null ? keys.sealFile(key, args.file.data) : args.file.data,
    {
      exclusive: true,
      contentType: sealedGeneration === null ? args.sniffed.mime : "application/octet-stream",
    },
  );
  // The uploaded name's last part, whichever separator the sender's system uses.
  const name = ((args.file.filename || args.fallbackName).split(/[\\/]/).pop() ?? "").slice(0, 255);
  try {
    await ctx.db
      .insertInto("uploads")
      .values({
        path: key,
        // A sealed file's name is personal too ("张三身份证.jpg"): it lives in the sealed answer only.
        originalName: sealedGeneration === null ? name : `file.${args.sniffed.ext}`,
        size: args.file.data.length,
        mime: args.sniffed.mime,
        questionnaireId: args.questionnaireId,
        questionId: args.questionId,
        answerSession: args.answerSession,
        userId: args.userId,
        responseId: null,
        createdAt: iso(now),
        sealedGeneration,
      })
      .execute();
  } catch (error) {
    await ctx.storage.remove(uploadStorageKey(key));
    throw error;
  }
  return {
    url: uploadUrl(key),
    path: key,
    fileId: key,
    name,
    size: args.file.data.length,
    type: args.sniffed.mime,
  };
}

/**
 * A stored upload's bytes as uploaded: read through the questionnaire's keys when the file is sealed (the whole
 * file in memory: sealed files are a question's uploads, at most its 单个文件上限). Null when there is none.
 */
export async function openUpload(
  ctx: Pick<AppContext, "db" | "storage">,
  key: string,
): Promise<StoredObject | null> {
  if (!isSafeKey(key)) return null;
  const object = await ctx.storage.open(uploadStorageKey(key));
  if (!object) return null;
  const row = await ctx.db
    .selectFrom("uploads")
    .select(["questionnaireId", "sealedGeneration"])
    .where("path", "=", key)
    .executeTakeFirst();
  if (!row || row.sealedGeneration === null) return object;
  const sealed = Buffer.concat(await object.body.toArray());
  // The file says which generation it is under (a rotation may have re-sealed it since the row was read).
  const plain = (await keyringOf(ctx.db).forReading(row.questionnaireId)).openFile(key, sealed);
  return { size: plain.length, body: Readable.from([plain]) };
}

type UploadQuestion = { limits: UploadLimits; personal: boolean };

async function questionLimits(
  ctx: AppContext,
  questionnaireId: number,
  version: number | null,
  questionId: string,
): Promise<UploadQuestion | null> {
  if (version === null) return null;
  const revision = await publishedRevision(ctx.db, questionnaireId, version);
  const question = revision?.definition.pages.flatMap((p) => p.questions).find((q) => q.id === questionId);
  if (!question) return null;
  const personal = isPersonalDataQuestion(question);
  if (question.type === "signature")
    return { limits: { accept: ["png"], maxSizeMb: 2, maxCount: 1 }, personal };
  if (question.type !== "file") return null;
  const limits = getQuestionType("file")?.configSchema.parse(question.config) as UploadLimits;
  return { limits, personal };
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
  const question = await questionLimits(ctx, row.id, row.publishedVersion, args.questionId);
  if (!question) throw InvalidInputError.field("questionId", "uploadNotAllowed");
  const { limits } = question;
  if (args.file.data.length === 0) throw InvalidInputError.field("file", "uploadMissingFile");
  if (args.file.data.length > limits.maxSizeMb * 1024 * 1024)
    throw InvalidInputError.field("file", "uploadTooLarge");

  const sniffed = await sniffAllowed(args.file, limits.accept);
  const already = await ctx.db
    .selectFrom("uploads")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("questionnaireId", "=", row.id)
    .where("questionId", "=", args.questionId)
    .where("answerSession", "=", args.answerSession)
    .executeTakeFirst();
  if (toCount(already) >= limits.maxCount) throw InvalidInputError.field("file", "uploadTooMany");
  await assertUploadSpace(ctx, row.ownerId, args.file.data.length, owner ? "owner" : "respondent");

  return saveUpload(ctx, {
    file: args.file,
    sniffed,
    fallbackName: `file.${sniffed.ext}`,
    questionnaireId: row.id,
    questionId: args.questionId,
    answerSession: args.answerSession,
    userId: viewer?.user.id ?? null,
    personal: question.personal,
  });
}

/**
 * Not a question id any definition can hold (ids are letters, digits, _ and -): the questionnaire's own files
 * (the 页眉图片), which no respondent's answer can ever claim.
 */
export const ASSET_QUESTION_ID = "$headerImage";

/**
 * Who may take a file back. The questionnaire's own files are the edit row of the one policy table; a
 * respondent's file is the table's manageResponses row, or the respondent's own: the account that uploaded it,
 * or the page that uploaded it until a response has claimed it.
 */
async function mayDelete(
  ctx: AppContext,
  upload: UploadRow,
  viewer: Viewer | null,
  answerSession: string | undefined,
) {
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select("ownerId")
    .where("id", "=", upload.questionnaireId)
    .executeTakeFirstOrThrow();
  const memberRole =
    viewer && viewer.user.id !== questionnaire.ownerId
      ? await memberRoleOf(ctx.db, upload.questionnaireId, viewer.user.id)
      : null;
  const subject = { ownerId: questionnaire.ownerId, memberRole };
  if (upload.questionId === ASSET_QUESTION_ID) return allowOnQuestionnaire(viewer, "edit", subject);
  if (allowOnQuestionnaire(viewer, "manageResponses", subject)) return true;
  if (viewer && upload.userId !== null && viewer.user.id === upload.userId) return true;
  return upload.responseId === null && answerSession !== undefined && answerSession === upload.answerSession;
}

/** `upload/delFileByPath`: see mayDelete. */
export async function deleteUpload(
  ctx: AppContext,
  viewer: Viewer | null,
  args: { path: string; answerSession?: string | undefined },
): Promise<void> {
  const key = args.path.replace(/^\/?uploads\//, "");
  const upload = await ctx.db.selectFrom("uploads").selectAll().where("path", "=", key).executeTakeFirst();
  if (!upload) throw new NotFoundError("uploadNotFound");
  if (!(await mayDelete(ctx, upload, viewer, args.answerSession))) throw new ForbiddenError();
  await ctx.db.deleteFrom("uploads").where("id", "=", upload.id).execute();
  await ctx.storage.remove(uploadStorageKey(key));
}
