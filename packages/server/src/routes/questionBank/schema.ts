import { messages } from "@wjgj/core";
import { z } from "zod";
import { blankAsAbsent, booleanParam, idParam, intFromText, jsonObjectParam } from "../../http/params.ts";

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

const difficultyParam = intFromText("bankDifficultyInvalid", 1, 3).transform((n) => n as 1 | 2 | 3);
const filterText = (max: number) =>
  blankAsAbsent(z.string({ error: messages.bankFilterInvalid }).trim().max(max, messages.bankFilterInvalid));

/** getBankQuestionList: the bank, optionally narrowed to a tag, a difficulty and words in the question. */
export const bankQuestionListInput = z.object({
  id: idParam,
  tag: filterText(20),
  difficulty: blankAsAbsent(difficultyParam),
  keyword: filterText(50),
});

/** The question itself is checked by core's checkBankQuestion in the command (its message names the fault). */
const bankItemFields = {
  question: jsonObjectParam(z.record(z.string(), z.unknown(), { error: messages.bankQuestionInvalid })),
  tags: z
    .array(z.string({ error: messages.bankTagsInvalid }).max(20, messages.bankTagsInvalid), {
      error: messages.bankTagsInvalid,
    })
    .max(10, messages.bankTagsInvalid)
    .default([]),
  difficulty: difficultyParam.default(1),
};
export const addBankQuestionInput = z.object({ id: idParam, ...bankItemFields });
export const updateBankQuestionInput = z.object({ id: idParam, questionId: idParam, ...bankItemFields });

const questionIdsParam = z
  .array(idParam, { error: messages.bankQuestionIdsInvalid })
  .min(1, messages.bankQuestionIdsInvalid)
  .max(500, messages.bankQuestionIdsInvalid);
export const bankQuestionsInput = z.object({ id: idParam, questionIds: questionIdsParam });
export const moveBankQuestionsInput = z.object({
  id: idParam,
  questionIds: questionIdsParam,
  toBankId: idParam,
});
