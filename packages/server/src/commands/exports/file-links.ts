import { Readable } from "node:stream";
import { exportFileTexts } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { ForbiddenError, InvalidInputError, NotFoundError } from "../../errors.ts";
import { allowOnQuestionnaire } from "../../policies/index.ts";
import { safeEqual } from "../../security/hashing.ts";
import { serverMac } from "../answering/answer-token.ts";
import { answersOpener } from "../privacy/sealing.ts";
import { memberRoleOf } from "../questionnaires/store.ts";
import { contentTypeOf, openUpload } from "../uploads/files.ts";

/**
 * 下载链接 in exported spreadsheets: each file of a 文件上传 or 电子签名 answer gets a link a teacher can click
 * in Excel, where there is no login. So the link itself carries who may open it, signed with the server's key:
 * `/wjgj/api/export/file?t={questionnaire}.{exporter}.{response}.{question}.{index}.{expires}.{mac}`.
 *
 * - Expiring: valid for FILE_LINK_TTL_DAYS after the export (as long as the export file itself is kept).
 * - Permission-checked on every open, not only when exporting: the exporter must still be an active account
 *   whose role may export this questionnaire (a member removed from the team loses the links at once).
 * - Pointing at the answer, not at the stored file: a deleted response, or a file no longer in the answer,
 *   answers 文件不存在, and the file downloads under the name the respondent gave it.
 * Who may download all files as one zip is the entitlement table's 附件打包导出 (exportAttachments); a link
 * per file comes with every level's xlsx and csv, since it only opens what the exporter may already read.
 */
export const FILE_LINK_TTL_DAYS = 7;
const PURPOSE = "wjgj-export-file-v1";
const TOKEN =
  /^(\d{1,12})\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{1,64})\.(\d{1,3})\.(\d{1,12})\.([A-Za-z0-9_-]{22})$/;

/** Makes the links of one export: the exporter and the expiry are fixed when the export runs. */
export interface FileLinks {
  link(responseId: number, questionId: string, index: number): string;
}

export function fileLinks(
  ctx: Pick<AppContext, "config" | "clock">,
  args: { questionnaireId: number; userId: number; origin: string },
): FileLinks {
  const expires = Math.floor(ctx.clock.now().getTime() / 1000) + FILE_LINK_TTL_DAYS * 86_400;
  const origin = args.origin.replace(/\/+$/, "");
  return {
    link(responseId, questionId, index) {
      const body = `${args.questionnaireId}.${args.userId}.${responseId}.${questionId}.${index}.${expires}`;
      return `${origin}/wjgj/api/export/file?t=${body}.${serverMac(ctx.config, PURPOSE, body)}`;
    },
  };
}

/** What `export/file` streams (the same shape as an export file's download). */
export interface LinkedFile {
  body: Readable;
  size: number;
  fileName: string;
  contentType: string;
}

const DATA_URL_PNG = /^data:image\/png;base64,([A-Za-z0-9+/=]+)(?:#typed)?$/;
const UPLOAD_PATH = /^(?:https?:\/\/[^/]+)?\/uploads\/([^#?\s]+)(?:#typed)?$/;

/** `export/file`: the file a link names, once the link, the exporter's permission and the answer all hold. */
export async function openFileLink(ctx: AppContext, token: string): Promise<LinkedFile> {
  const match = TOKEN.exec(token);
  if (!match) throw InvalidInputError.field("t", "exportLinkInvalid");
  const body = token.slice(0, token.lastIndexOf("."));
  const given = Buffer.from(match[7] as string, "base64url");
  if (!safeEqual(given, Buffer.from(serverMac(ctx.config, PURPOSE, body), "base64url")))
    throw InvalidInputError.field("t", "exportLinkInvalid");
  const [questionnaireId, userId, responseId] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  const questionId = match[4] as string;
  const index = Number(match[5]);
  if (ctx.clock.now().getTime() / 1000 >= Number(match[6]))
    throw InvalidInputError.field("t", "exportLinkExpired");

  const user = await ctx.db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
  const questionnaire = await ctx.db
    .selectFrom("questionnaires")
    .select(["id", "ownerId", "deletedAt"])
    .where("id", "=", questionnaireId)
    .executeTakeFirst();
  if (!user || !questionnaire || questionnaire.deletedAt) throw new NotFoundError("exportLinkGone");
  const memberRole =
    questionnaire.ownerId === user.id ? null : await memberRoleOf(ctx.db, questionnaire.id, user.id);
  // The policy reads only the account; the link stands in for the exporter's session.
  const exporter = { user } as Parameters<typeof allowOnQuestionnaire>[0];
  if (!allowOnQuestionnaire(exporter, "export", { ownerId: questionnaire.ownerId, memberRole }))
    throw new ForbiddenError("exportLinkDenied");

  const response = await ctx.db
    .selectFrom("responses")
    .select(["answers", "status"])
    .where("id", "=", responseId)
    .where("questionnaireId", "=", questionnaireId)
    .executeTakeFirst();
  if (!response || response.status === "deleted") throw new NotFoundError("exportLinkGone");
  const answer = (await answersOpener(ctx.db, questionnaireId))(response.answers)[questionId];

  if (typeof answer === "string" && index === 0) {
    // 电子签名: a PNG kept inline, or a stored upload.
    const inline = DATA_URL_PNG.exec(answer);
    if (inline) {
      const data = Buffer.from(inline[1] as string, "base64");
      return {
        body: Readable.from([data]),
        size: data.length,
        fileName: exportFileTexts.signatureFile,
        contentType: "image/png",
      };
    }
    const stored = UPLOAD_PATH.exec(answer)?.[1];
    if (stored) return openStored(ctx, stored, exportFileTexts.signatureFile);
  }
  if (Array.isArray(answer)) {
    const file = answer[index] as { fileId?: unknown; name?: unknown } | undefined;
    if (typeof file?.fileId === "string")
      return openStored(
        ctx,
        file.fileId,
        typeof file.name === "string" ? file.name : exportFileTexts.unnamedFile,
      );
  }
  throw new NotFoundError("exportLinkGone");
}

async function openStored(ctx: AppContext, key: string, name: string): Promise<LinkedFile> {
  const object = await openUpload(ctx, key);
  if (!object) throw new NotFoundError("exportLinkGone");
  return { body: object.body, size: object.size, fileName: name, contentType: contentTypeOf(name) };
}
