import { messages } from "@wjgj/core";
import { z } from "zod";
import { booleanParam, idParam } from "../../http/params.ts";

const nameParam = z
  .string({ error: messages.bankNameInvalid })
  .trim()
  .min(1, messages.bankNameInvalid)
  .max(100, messages.bankNameInvalid);

export const bankIdInput = z.object({ id: idParam });
export const addBankInput = z.object({ name: nameParam });
export const updateBankInput = z.object({ id: idParam, name: nameParam });
export const bankQuestionInput = z.object({ id: idParam, questionId: idParam });
export const fromQuestionaryInput = z.object({ questionaryId: idParam, name: nameParam });
export const importInput = z.object({
  id: idParam,
  file: z.object(
    { filename: z.string().max(255), data: z.instanceof(Buffer) },
    { error: messages.bankFileInvalid },
  ),
});
export const bankPracticeInput = z.object({
  id: idParam,
  practiceOpen: booleanParam("bankPracticeOpenInvalid"),
});
