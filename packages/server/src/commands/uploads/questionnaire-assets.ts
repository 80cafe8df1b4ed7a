import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";
import { assertUploadSpace } from "../money/entitlements.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";
import {
  ASSET_QUESTION_ID,
  type IncomingFile,
  saveUpload,
  sniffAllowed,
  type UploadedFileInfo,
} from "./files.ts";

/** What a creator may upload for the questionnaire itself (not an answer): the 页眉图片. */
export const ASSET_PURPOSES = ["headerImage"] as const;
export type AssetPurpose = (typeof ASSET_PURPOSES)[number];

const HEADER_IMAGE = { accept: ["png", "jpg", "gif", "webp"], maxSizeMb: 2 };

/**
 * `upload/upload` with `purpose=headerImage`: the owner's 页眉图片, checked by content like answers'
 * files, kept with the questionnaire (those who may edit it delete it with upload/delFileByPath).
 */
export async function storeQuestionnaireAsset(
  ctx: AppContext,
  viewer: Viewer,
  args: { id: number; purpose: AssetPurpose; file: IncomingFile },
): Promise<UploadedFileInfo> {
  const row = await loadQuestionnaire(ctx.db, viewer, args.id, "edit");
  if (args.file.data.length === 0) throw InvalidInputError.field("file", "uploadMissingFile");
  if (args.file.data.length > HEADER_IMAGE.maxSizeMb * 1024 * 1024) {
    throw InvalidInputError.field("file", "uploadTooLarge");
  }
  const sniffed = await sniffAllowed(args.file, HEADER_IMAGE.accept);
  await assertUploadSpace(ctx, row.ownerId, args.file.data.length, "owner");
  return saveUpload(ctx, {
    file: args.file,
    sniffed,
    fallbackName: `header.${sniffed.ext}`,
    questionnaireId: row.id,
    questionId: ASSET_QUESTION_ID,
    answerSession: `owner:${viewer.user.id}`,
    userId: viewer.user.id,
  });
}
