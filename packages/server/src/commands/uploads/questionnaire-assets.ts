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

/**
 * What a creator may upload for the questionnaire itself (not an answer): the 页眉图片, prize pictures and the
 * share card's picture (分享设置).
 */
export const ASSET_PURPOSES = ["headerImage", "prizeImage", "shareImage", "productImage"] as const;
export type AssetPurpose = (typeof ASSET_PURPOSES)[number];

/** Both are pictures shown to respondents (the page's header, a prize on the draw): the same rule. */
const IMAGE = { accept: ["png", "jpg", "gif", "webp"], maxSizeMb: 2 };
const fileStem: Record<AssetPurpose, string> = {
  headerImage: "header",
  prizeImage: "prize",
  shareImage: "share",
  // 商品题 (issue #41): a product's photo on the answer page.
  productImage: "product",
};

/**
 * `upload/upload` with `purpose=headerImage` or `prizeImage`: a picture of the questionnaire's own, checked
 * by content like answers' files, kept with the questionnaire (those who may edit it upload it, and delete it
 * with upload/delFileByPath).
 */
export async function storeQuestionnaireAsset(
  ctx: AppContext,
  viewer: Viewer,
  args: { id: number; purpose: AssetPurpose; file: IncomingFile },
): Promise<UploadedFileInfo> {
  const row = await loadQuestionnaire(ctx.db, viewer, args.id, "edit");
  if (args.file.data.length === 0) throw InvalidInputError.field("file", "uploadMissingFile");
  if (args.file.data.length > IMAGE.maxSizeMb * 1024 * 1024) {
    throw InvalidInputError.field("file", "uploadTooLarge");
  }
  const sniffed = await sniffAllowed(args.file, IMAGE.accept);
  await assertUploadSpace(ctx, row.ownerId, args.file.data.length, "owner");
  return saveUpload(ctx, {
    file: args.file,
    sniffed,
    fallbackName: `${fileStem[args.purpose]}.${sniffed.ext}`,
    questionnaireId: row.id,
    questionId: ASSET_QUESTION_ID,
    answerSession: `owner:${viewer.user.id}`,
    userId: viewer.user.id,
  });
}
