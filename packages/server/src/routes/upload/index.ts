import { messages } from "@wjgj/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { deleteUpload, storeUpload } from "../../commands/uploads.ts";
import type { AppContext } from "../../context.ts";
import { blankAsAbsent } from "../../http/params.ts";
import { defineRoute } from "../../http/route.ts";

const sessionParam = z
  .string({ error: messages.uploadSessionInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.uploadSessionInvalid);

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
  answerSession: sessionParam,
  file: fileParam,
});

const deleteInput = z.object({
  path: z
    .string({ error: messages.uploadNotFound })
    .min(1, messages.uploadNotFound)
    .max(200, messages.uploadNotFound),
  answerSession: blankAsAbsent(sessionParam),
});

/** Respondents' files: `/wjgj/api/upload/*` (multipart for the upload itself, seed §7). */
export function uploadRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, ctx, {
    method: "POST",
    path: "upload/upload",
    access: "optional",
    input: uploadInput,
    handler: ({ viewer, input }) => storeUpload(ctx, viewer, input),
  });
  defineRoute(app, ctx, {
    method: "POST",
    path: "upload/delFileByPath",
    access: "optional",
    input: deleteInput,
    handler: async ({ viewer, input }) => {
      await deleteUpload(ctx, viewer, input);
      return null;
    },
  });
}
