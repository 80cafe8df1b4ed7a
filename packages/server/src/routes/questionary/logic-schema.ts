import { messages, optionSourceSchema, selectConnectSchema } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, idParam, intFromText, jsonObjectParam, MAX_INT } from "../../http/params.ts";

/** Inputs of the logic calls (questionJump, showQuestion, selectConnect, questionSelectJoin). */
const questionIdParam = z
  .string({ error: messages.questionIdInvalid })
  .trim()
  .min(1, messages.questionIdInvalid)
  .max(64, messages.questionIdInvalid);

const baseVersion = blankAsAbsent(intFromText("versionInvalid", 1, MAX_INT));

export const questionnaireInput = z.object({ id: idParam });
export const questionInput = z.object({ id: idParam, questionId: questionIdParam });
export const optionalQuestionInput = z.object({ id: idParam, questionId: blankAsAbsent(questionIdParam) });
export const editInput = questionInput.extend({ baseVersion });
export const deleteJumpInput = editInput.extend({
  index: blankAsAbsent(intFromText("jumpIndexInvalid", 0, 999)),
});

export const selectConnectInput = editInput.extend({
  selectConnect: jsonObjectParam(selectConnectSchema),
});

export const optionSourceInput = editInput.extend({
  optionSource: jsonObjectParam(optionSourceSchema.nullable()),
});
