import { messages } from "@wjgj/core";
import { z } from "zod";
import { CANDIDATE_TEXT_MAX, normalisePhone } from "../../commands/exams/candidates.ts";
import { blankAsAbsent, booleanParam, idParam, intFromText, textParam } from "../../http/params.ts";

/** Inputs of `exam/*` for the 考生名单, signing in and 查分 (issue #40). */

const MAX_DELETE = 1000;

const publicIdParam = z
  .string({ error: messages.answerNotFound })
  .trim()
  .regex(/^[0-9A-Za-z]{6,16}$/, messages.answerNotFound);

/** "" or a mainland mobile number, full-width digits, spaces and +86 forgiven; answered normalised. */
const candidatePhoneParam = z
  .string({ error: messages.examCandidatePhoneInvalid })
  .max(30, messages.examCandidatePhoneInvalid)
  .transform((value, context) => {
    if (value.trim() === "") return "";
    const phone = normalisePhone(value);
    if (phone === null) {
      context.addIssue({ code: "custom", message: messages.examCandidatePhoneInvalid });
      return z.NEVER;
    }
    return phone;
  });

const nameParam = textParam("examCandidateNameRequired", { min: 1, max: 200 })
  .transform((value) => value.normalize("NFKC").trim())
  .refine((value) => value !== "", messages.examCandidateNameRequired)
  .refine((value) => [...value].length <= CANDIDATE_TEXT_MAX, messages.examCandidateNameTooLong);

const numberParam = textParam("examCandidateNumberRequired", { min: 1, max: 200 })
  .transform((value) => value.normalize("NFKC").trim())
  .refine((value) => value !== "", messages.examCandidateNumberRequired)
  .refine((value) => [...value].length <= CANDIDATE_TEXT_MAX, messages.examCandidateNumberTooLong);

export const candidateListInput = z.object({
  id: idParam,
  page: intFromText("pageNumInvalid", 1, 1_000_000).default(1),
  pageSize: intFromText("pageSizeInvalid", 1, 100).default(20),
  keyword: blankAsAbsent(textParam("keywordInvalid", { max: 100 })),
});

export const saveCandidateInput = z.object({
  id: idParam,
  name: nameParam,
  number: numberParam,
  phone: z
    .preprocess((value) => (value === null ? undefined : value), candidatePhoneParam.optional())
    .transform((value) => value ?? ""),
});

const fileParam = z.object(
  { filename: z.string().max(255), data: z.instanceof(Buffer) },
  { error: messages.examCandidateFileMissing },
);

/** The file is looked at after the questionnaire's check: a stranger learns nothing from a missing file. */
export const importCandidatesInput = z.object({ id: idParam, file: fileParam.optional() });

export const candidateTemplateInput = z.object({ id: idParam });

/** A list that may come as an array, as JSON text or as comma-separated text (forms). */
const candidateIdsParam = z.preprocess(
  (value) => {
    if (typeof value === "number") return [value];
    if (typeof value !== "string") return value;
    const text = value.trim();
    if (text.startsWith("[")) {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return undefined;
      }
    }
    return text === "" ? [] : text.split(",").map((part) => part.trim());
  },
  z
    .array(idParam, { error: messages.examCandidateIdsRequired })
    .max(MAX_DELETE, messages.examCandidateIdsRequired),
);

export const deleteCandidatesInput = z
  .object({
    id: idParam,
    candidateIds: candidateIdsParam.optional(),
    all: blankAsAbsent(booleanParam("examCandidateIdsRequired")),
  })
  .refine((input) => input.all === true || (input.candidateIds?.length ?? 0) > 0, {
    message: messages.examCandidateIdsRequired,
    path: ["candidateIds"],
  });

export const revealCandidateInput = z.object({ id: idParam, candidateId: idParam });

const optionalText = (max: number) =>
  blankAsAbsent(z.string({ error: messages.invalidInput }).max(max, messages.invalidInput));

export const signInInput = z.object({
  publicId: publicIdParam,
  number: optionalText(200),
  name: optionalText(200),
  phone: optionalText(30),
  code: optionalText(10),
});

export const reviewInput = z.object({
  publicId: publicIdParam,
  candidateToken: z
    .string({ error: messages.examSignInRequired })
    .min(1, messages.examSignInRequired)
    .max(200, messages.examSignInExpired),
});
