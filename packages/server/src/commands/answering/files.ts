import type { SurveyDefinition } from "@wjgj/core";
import { signatureImage } from "@wjgj/core/survey/types/advanced/signature-mark";
import type { Trx } from "../../db/index.ts";
import { InvalidInputError } from "../../errors.ts";
import { questionsOfType } from "./typed-questions.ts";

/** Storage keys a response's file-upload and signature answers point at. */
function referencedFiles(definition: SurveyDefinition, answers: Record<string, unknown>) {
  const refs: { questionId: string; key: string }[] = [];
  // In definition order, files then signatures (most questionnaires have neither: two cached lookups).
  for (const question of questionsOfType(definition, "file")) {
    const answer = answers[question.id];
    if (Array.isArray(answer))
      for (const file of answer as { fileId: string }[])
        refs.push({ questionId: question.id, key: file.fileId });
  }
  for (const question of questionsOfType(definition, "signature")) {
    const answer = answers[question.id];
    if (typeof answer === "string") {
      // A typed-name signature carries a mark after its stored path; the upload is the same kind of file.
      const image = signatureImage(answer);
      if (image.startsWith("/uploads/"))
        refs.push({ questionId: question.id, key: image.slice("/uploads/".length) });
    }
  }
  return refs;
}

/** Whether the answers point at any upload (the submit must then claim it in its transaction). */
export function referencesFiles(definition: SurveyDefinition, answers: Record<string, unknown>): boolean {
  return referencedFiles(definition, answers).length > 0;
}

/**
 * Every referenced file must be an upload for that very question of this questionnaire that no response
 * has claimed yet — and, given the submitting page's answering session, one that page uploaded; the
 * response then claims them, inside the submit transaction.
 */
export async function claimFiles(
  trx: Trx,
  questionnaireId: number,
  definition: SurveyDefinition,
  answers: Record<string, unknown>,
  answerSession: string | undefined,
): Promise<(responseId: number) => Promise<void>> {
  const refs = referencedFiles(definition, answers);
  const ids: number[] = [];
  for (const ref of refs) {
    let query = trx
      .selectFrom("uploads")
      .select("id")
      .where("path", "=", ref.key)
      .where("questionnaireId", "=", questionnaireId)
      .where("questionId", "=", ref.questionId)
      .where("responseId", "is", null);
    if (answerSession !== undefined) query = query.where("answerSession", "=", answerSession);
    const upload = await query.executeTakeFirst();
    if (!upload) throw InvalidInputError.field(`answers.${ref.questionId}`, "uploadFileInvalid");
    ids.push(upload.id);
  }
  return async (responseId) => {
    if (ids.length > 0) await trx.updateTable("uploads").set({ responseId }).where("id", "in", ids).execute();
  };
}
