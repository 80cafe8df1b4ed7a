import { messages } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, jsonObjectParam } from "../../http/params.ts";

const publicIdParam = z
  .string({ error: messages.answerNotFound })
  .trim()
  .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound);

/** The answering page's device id (local storage `wjgj:deviceId`); the account wins when logged in. */
const deviceIdParam = blankAsAbsent(
  z
    .string({ error: messages.practiceDeviceInvalid })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, messages.practiceDeviceInvalid),
);

export const openExerciseInput = z.object({ publicId: publicIdParam, deviceId: deviceIdParam });

const answerParam = jsonObjectParam(
  z.object(
    {
      optionIds: z
        .array(z.string().min(1).max(64), { error: messages.practiceAnswerInvalid })
        .max(100, messages.practiceAnswerInvalid)
        .optional(),
      text: z
        .string({ error: messages.practiceAnswerInvalid })
        .max(5000, messages.practiceAnswerInvalid)
        .optional(),
    },
    { error: messages.practiceAnswerInvalid },
  ),
);

export const checkExerciseInput = z.object({
  publicId: publicIdParam,
  questionId: z
    .string({ error: messages.practiceQuestionNotFound })
    .min(1, messages.practiceQuestionNotFound)
    .max(64, messages.practiceQuestionNotFound),
  answer: answerParam,
  deviceId: deviceIdParam,
});
