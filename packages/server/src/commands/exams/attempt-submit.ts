import type { ExamGuard } from "@wjgj/core";
import type { Db } from "../../db/index.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import {
  type AttemptClaim,
  attemptByToken,
  attemptResponseKey,
  attemptSeconds,
  pastDeadline,
  readProgress,
} from "./attempt-store.ts";

/** What a submit of an exam that runs attempts takes from the attempt instead of the page. */
export interface AttemptBinding {
  answers: Record<string, unknown>;
  durationSeconds: number;
  deviceId: string;
  idempotencyKey: string;
  forced: "timeout" | "tabSwitch" | undefined;
  attempt: AttemptClaim;
}

/**
 * `anQuestion/questionAnswer` on an exam that runs attempts (issue #40). The server's clock decides: the
 * duration is counted from the attempt's start (at most to its deadline), the device is the attempt's seed (its
 * paper), and a submit later than the deadline and its grace keeps only the answers saved in time — whatever
 * the page says of its clock or its delay. Without a token: refused when the exam has a candidate list; an exam
 * without one is answered as before (pages from before attempts keep working), so null.
 */
export async function bindAttempt(
  db: Db,
  questionnaireId: number,
  guard: ExamGuard,
  input: { attemptToken?: string | undefined; answers: Record<string, unknown>; forced?: string | undefined },
  now: Date,
): Promise<AttemptBinding | null> {
  if (!input.attemptToken) {
    if (guard.candidatesOnly) throw InvalidInputError.field("attemptToken", "examSignInRequired");
    return null;
  }
  const attempt = await attemptByToken(db, input.attemptToken);
  if (attempt.questionnaireId !== questionnaireId)
    throw InvalidInputError.field("attemptToken", "examAttemptInvalid");
  const common = {
    durationSeconds: attemptSeconds(attempt, now),
    deviceId: attempt.seed,
    idempotencyKey: attemptResponseKey(attempt.id),
  };
  const claim = { id: attempt.id, questionnaireId, handIn: false };
  if (attempt.status !== "active") {
    // A submit repeated after its reply was lost answers the response stored: the store finds it by its key, and
    // the reply is graded on the stored answers (whatever this repeat sent).
    const stored =
      attempt.responseId === null
        ? undefined
        : await db
            .selectFrom("responses")
            .select("answers")
            .where("id", "=", attempt.responseId)
            .executeTakeFirst();
    if (!stored) throw new ConflictError("examAttemptOver");
    return {
      ...common,
      answers: JSON.parse(stored.answers) as Record<string, unknown>,
      forced: "timeout",
      attempt: { ...claim, status: "submitted", reason: null, handIn: true },
    };
  }
  if (pastDeadline(attempt, now)) {
    const saved = await readProgress(db, attempt);
    return {
      ...common,
      answers: saved.answers,
      forced: "timeout",
      attempt: { ...claim, status: "ended", reason: "timeout", handIn: true },
    };
  }
  const forced = input.forced === "timeout" || input.forced === "tabSwitch" ? input.forced : undefined;
  return {
    ...common,
    answers: input.answers,
    forced,
    attempt: forced
      ? { ...claim, status: "ended", reason: forced }
      : { ...claim, status: "submitted", reason: null },
  };
}
