import { type ExamSignInResult, examUsesAttempts, type QuestionarySettings } from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { transaction } from "../../db/index.ts";
import type { AnsweringRow } from "../../db/tables/questionnaires.ts";
import { ConflictError, InvalidInputError } from "../../errors.ts";
import { checkPhoneCode, codeCheckError } from "../account/phone-codes.ts";
import { findByPublicId } from "../answering/open.ts";
import {
  recordWrongTry,
  refuseWhileThrottled as refuseWhileThrottledAt,
} from "../answering/password-gate.ts";
import { answerState } from "../answering/state.ts";
import { ClosedError } from "../answering/submit-limits.ts";
import { keyringOf } from "../privacy/keyring.ts";
import { readSettings } from "../questionnaires/store.ts";
import { attemptsLeft } from "./attempt-store.ts";
import { issueCandidateToken } from "./candidate-token.ts";
import { normaliseName, normalisePhone, numberDigest, openCandidates, phoneDigest } from "./candidates.ts";
import { reviewOpen } from "./review.ts";

/**
 * `exam/signIn` (issue #40): a listed candidate proves who they are with 准考证号 + 姓名, or with an SMS code to
 * the phone on the list, and gets the candidate token `exam/start` and `exam/review` want. An unknown number and
 * a wrong name answer the same words (the list cannot be probed), and wrong tries are throttled per IP and per
 * exam like the access password.
 */
export interface SignInInput {
  publicId: string;
  number?: string | undefined;
  name?: string | undefined;
  phone?: string | undefined;
  code?: string | undefined;
}

/** An exam with a 考生名单 that can be signed in to now (to answer, or for 查分 once it is open); else why not. */
export async function examWithList(
  ctx: AppContext,
  publicId: string,
): Promise<{ row: AnsweringRow; settings: QuestionarySettings }> {
  const row = await findByPublicId(ctx.db, publicId);
  const settings = readSettings(row.settings);
  const now = ctx.clock.now();
  const state = answerState(row, settings, now);
  // After the exam, signing in is for 查分 only (exam/start refuses a closed exam on its own).
  const forReview =
    settings.examGuard.review &&
    state !== "takenDown" &&
    state !== "deleted" &&
    state !== "unpublished" &&
    reviewOpen(state, settings, now);
  if (state !== "open" && !forReview) throw new ClosedError(state, row.kind);
  if (!settings.examGuard.candidatesOnly || !examUsesAttempts(row.kind, settings.examGuard, undefined))
    throw new ConflictError("examNoCandidateList");
  return { row, settings };
}

/** Whose wrong tries count together: the exam's, in `login_attempts` (pruned with password logins). */
const subjectOf = (questionnaireId: number) => `e:${questionnaireId}`;

const refuseWhileThrottled = (ctx: AppContext, questionnaireId: number, ip: string) =>
  refuseWhileThrottledAt(ctx, subjectOf(questionnaireId), ip, "examSignInThrottled");

const recordFailure = (ctx: AppContext, questionnaireId: number, ip: string) =>
  recordWrongTry(ctx, subjectOf(questionnaireId), ip);

export async function signInCandidate(
  ctx: AppContext,
  input: SignInInput,
  ip: string,
): Promise<ExamSignInResult> {
  const { row, settings } = await examWithList(ctx, input.publicId);
  const keys = await keyringOf(ctx.db).forReading(row.id);
  const candidates = ctx.db
    .selectFrom("exam_candidates")
    .select(["id", "name", "number", "phone"])
    .where("questionnaireId", "=", row.id);

  if (settings.examGuard.signIn === "phone") {
    const phone = normalisePhone(input.phone ?? "");
    if (!phone) throw InvalidInputError.field("phone", "phoneInvalid");
    if (!input.code) throw InvalidInputError.field("code", "codeInvalidFormat");
    const code = input.code;
    const check = await transaction(ctx.db, (trx) =>
      checkPhoneCode(ctx, trx, { phone, purpose: "exam", code }),
    );
    if (check !== "ok") throw codeCheckError(check);
    const found = await candidates
      .where("phoneDigest", "=", phoneDigest(keys, phone))
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    if (!found) throw InvalidInputError.field("phone", "examPhoneNotCandidate");
    const [candidate] = await openCandidates(ctx.db, row.id, [found]);
    if (!candidate) throw InvalidInputError.field("phone", "examPhoneNotCandidate");
    return signedIn(ctx, row, settings, candidate);
  }

  const number = input.number?.trim() ?? "";
  const name = normaliseName(input.name ?? "");
  if (number === "") throw InvalidInputError.field("number", "examCandidateNumberRequired");
  if (name === "") throw InvalidInputError.field("name", "examCandidateNameRequired");
  await refuseWhileThrottled(ctx, row.id, ip);
  const found = await candidates.where("numberDigest", "=", numberDigest(keys, number)).executeTakeFirst();
  const [candidate] = found ? await openCandidates(ctx.db, row.id, [found]) : [];
  if (!candidate || normaliseName(candidate.name).toLowerCase() !== name.toLowerCase()) {
    await recordFailure(ctx, row.id, ip);
    throw InvalidInputError.field("number", "examNotCandidate");
  }
  return signedIn(ctx, row, settings, candidate);
}

/** The candidate's token, who they are, and the attempts they have left (none: the page closes at once). */
async function signedIn(
  ctx: AppContext,
  row: AnsweringRow,
  settings: QuestionarySettings,
  candidate: { id: number; name: string; number: string },
): Promise<ExamSignInResult> {
  return {
    candidateToken: issueCandidateToken(ctx, { questionnaireId: row.id, candidateId: candidate.id }),
    candidate: { name: candidate.name, number: candidate.number },
    attemptsLeft: await attemptsLeft(ctx.db, row.id, `c:${candidate.id}`, settings.examGuard.attempts),
  };
}
