import { messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { verifyAnswerToken } from "../../commands/answering/answer-token.ts";
import { deleteUpload, storeUpload } from "../../commands/uploads.ts";
import type { AppContext } from "../../context.ts";
import { blankAsAbsent } from "../../http/params.ts";
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

const deleteInput = z.object({
  path: z
    .string({ error: messages.uploadNotFound })
    .min(1, messages.uploadNotFound)
    .max(200, messages.uploadNotFound),
  /** Absent when the owner deletes a file. */
  answerToken: blankAsAbsent(tokenParam),
});

/** Respondents' files: `/wjgj/api/upload/*` (multipart for the upload itself, seed §7). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "upload/upload",
    access: "optional",
    input: uploadInput,
    handler: ({ viewer, input: { answerToken, ...input } }) => {
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
