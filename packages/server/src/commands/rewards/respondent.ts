import { answersMeet, definitionSchema, type Eligibility, eligibilitySchema } from "@wjgj/core";
import { chinaDayStart, iso } from "../../clock.ts";
import type { Db, Trx } from "../../db/index.ts";
import { NotFoundError } from "../../errors.ts";
import { answersOpener } from "../privacy/sealing.ts";

/**
 * A respondent proves a response is theirs by its idempotency key: only the page that submitted it knows
 * the key (random, chosen by that page), and the thank-you screen still has it.
 */
export interface ResponseProof {
  responseId: number;
  idempotencyKey: string;
}

export async function provenResponse(db: Db | Trx, proof: ResponseProof) {
  const response = await db
    .selectFrom("responses")
    .select([
      "id",
      "questionnaireId",
      "revisionId",
      "answers",
      "score",
      "deviceId",
      "userId",
      "status",
      "endState",
      "idempotencyKey",
    ])
    .where("id", "=", proof.responseId)
    .executeTakeFirst();
  if (!response || response.idempotencyKey !== proof.idempotencyKey || response.status === "deleted")
    throw new NotFoundError("drawResponseInvalid");
  return response;
}

export type ProvenResponse = Awaited<ReturnType<typeof provenResponse>>;

export function parseEligibility(json: string): Eligibility {
  try {
    const parsed = eligibilitySchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // a damaged value lets nobody in
  }
  return { kind: "score", minScore: Number.POSITIVE_INFINITY };
}

/** Whether a stored response meets the rule; screened-out (甄别) responses never do. */
export async function meetsEligibility(
  db: Db,
  rule: Eligibility,
  response: ProvenResponse,
  now: Date,
): Promise<boolean> {
  if (response.endState !== "submitted" || response.status !== "valid") return false;
  if (rule.kind === "all") return true;
  if (rule.kind === "score") return response.score !== null && response.score >= rule.minScore;
  const revision = await db
    .selectFrom("questionnaire_revisions")
    .select("definition")
    .where("id", "=", response.revisionId)
    .executeTakeFirst();
  if (!revision) return false;
  const definition = definitionSchema.parse(JSON.parse(revision.definition));
  const today = iso(new Date(chinaDayStart(now).getTime() + 8 * 3600 * 1000)).slice(0, 10);
  const answers = (await answersOpener(db, response.questionnaireId))(response.answers);
  return answersMeet(definition, answers, rule.condition, today);
}
