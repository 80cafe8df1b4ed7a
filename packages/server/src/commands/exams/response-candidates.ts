import type { ExamEndedReason, ResponseCandidate } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { maskedCandidates } from "./candidates.ts";

/**
 * 考生 of responses (issue #40): who answered, as the list shows candidates (masked), with the attempt's proctoring
 * summary, by response id. Responses outside an exam attempt have none.
 */
export async function responseCandidates(
  ctx: Pick<AppContext, "db">,
  questionnaireId: number,
  responseIds: readonly number[],
): Promise<Map<number, ResponseCandidate>> {
  const result = new Map<number, ResponseCandidate>();
  if (responseIds.length === 0) return result;
  const attempts = await ctx.db
    .selectFrom("exam_attempts")
    .select(["id", "responseId", "candidateId", "attemptNo", "switches", "endedReason"])
    .where("questionnaireId", "=", questionnaireId)
    .where("responseId", "in", [...responseIds])
    .execute();
  if (attempts.length === 0) return result;
  const names = await maskedCandidates(
    ctx,
    questionnaireId,
    attempts.flatMap((attempt) => (attempt.candidateId === null ? [] : [attempt.candidateId])),
  );
  for (const attempt of attempts) {
    if (attempt.responseId === null) continue;
    const candidate = attempt.candidateId === null ? undefined : names.get(attempt.candidateId);
    result.set(attempt.responseId, {
      name: candidate?.name ?? "",
      number: candidate?.number ?? "",
      attemptId: attempt.id,
      attemptNo: attempt.attemptNo,
      switches: attempt.switches,
      endedReason: attempt.endedReason as ExamEndedReason | null,
    });
  }
  return result;
}
