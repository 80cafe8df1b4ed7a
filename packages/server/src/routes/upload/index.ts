import { messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { verifyAnswerToken } from "../../commands/answering/answer-token.ts";
import { deleteUpload, storeUpload } from "../../commands/uploads/files.ts";
import { ASSET_PURPOSES, storeQuestionnaireAsset } from "../../commands/uploads/questionnaire-assets.ts";
import type { AppContext } from "../../context.ts";
import { InvalidInputError, NotLoggedInError } from "../../errors.ts";
import { blankAsAbsent, enumParam, idParam, zodIssuesToFieldErrors } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

/** The answering page's token from `anQuestion/getQuestionary`; uploads are filed under its session. */
const tokenParam = z.string({ error: messages.answerTokenMissing }).max(200, messages.answerTokenInvalid);

const fileParam = z.object(
  { filename: z.string().max(255), data: z.instanceof(Buffer) },
  { error: messages.uploadMissingFile },
);

const uploadInput = z.object({
  publicId: z
    .string({ error: messages.answerNotFound })
    .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound),
  questionId: z
    .string({ error: messages.questionIdInvalid })
    .min(1, messages.questionIdInvalid)
    .max(64, messages.questionIdInvalid),
  answerToken: tokenParam,
  file: fileParam,
});

/** The creator's own files for the questionnaire (its 页眉图片), not answers: `purpose` tells them apart. */
const assetInput = z.object({
  id: idParam,
  purpose: enumParam(ASSET_PURPOSES, "uploadNotAllowed"),
  file: fileParam,
});

/** One path, two shapes: the presence of `purpose` picks the schema, so each keeps its own messages. */
const uploadRequest = z.looseObject({ purpose: z.unknown().optional() });

function parseWith<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new InvalidInputError(zodIssuesToFieldErrors(parsed.error));
  return parsed.data;
}

const deleteInput = z.object({
  path: z
    .string({ error: messages.uploadNotFound })
    .min(1, messages.uploadNotFound)
    .max(200, messages.uploadNotFound),
  /** Absent when the owner deletes a file. */
  answerToken: blankAsAbsent(tokenParam),
});

/** Respondents' files and the creator's 页眉图片: `/wjgj/api/upload/*` (multipart for the upload, seed §7). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "upload/upload",
    access: "optional",
    input: uploadRequest,
    handler: async ({ viewer, input: raw }) => {
      if (raw.purpose !== undefined && raw.purpose !== "") {
        const asset = parseWith(assetInput, raw);
        if (!viewer) throw new NotLoggedInError();
        return storeQuestionnaireAsset(ctx, viewer, asset);
      }
      const { answerToken, ...input } = parseWith(uploadInput, raw);
      const { session } = verifyAnswerToken(ctx, answerToken, { publicId: input.publicId });
      return storeUpload(ctx, viewer, { ...input, answerSession: session });
    },
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "upload/delFileByPath",
    access: "optional",
    input: deleteInput,
    handler: async ({ viewer, input: { answerToken, path } }) => {
      // The file's own session must match the token's, which ties it to the same questionnaire too.
      const answerSession = answerToken ? verifyAnswerToken(ctx, answerToken, {}).session : undefined;
      await deleteUpload(ctx, viewer, { path, answerSession });
      return null;
    },
  });
}
