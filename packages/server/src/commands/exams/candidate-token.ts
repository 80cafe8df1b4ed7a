import type { AppContext } from "../../context.ts";
import { InvalidInputError } from "../../errors.ts";
import { safeEqual } from "../../security/hashing.ts";
import { serverMac } from "../answering/answer-token.ts";

/**
 * A listed candidate's session for one exam (issue #40), handed out by `exam/signIn` and wanted back by
 * `exam/start` and `exam/review`. Signed with the server's key for its own purpose; it names the
 * questionnaire, the candidate and an expiry, nothing personal (the page keeps it for the tab).
 *
 * Format: `{questionnaireId}.{candidateId}.{expiresAt seconds}.{mac}`.
 */
export const CANDIDATE_TOKEN_TTL_SECONDS = 6 * 3600;
const PURPOSE = "wjgj-exam-candidate-v1";
const PATTERN = /^\d{1,12}\.\d{1,12}\.\d{1,12}\.[A-Za-z0-9_-]{22}$/;

export interface CandidateClaims {
  questionnaireId: number;
  candidateId: number;
}

export function issueCandidateToken(ctx: AppContext, claims: CandidateClaims): string {
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + CANDIDATE_TOKEN_TTL_SECONDS;
  const body = `${claims.questionnaireId}.${claims.candidateId}.${expiresAt}`;
  return `${body}.${serverMac(ctx.config, PURPOSE, body)}`;
}

/** The claims of a genuine, unexpired token for `questionnaireId`; else 考试登录已失效 on `candidateToken`. */
export function verifyCandidateToken(
  ctx: AppContext,
  token: string | undefined,
  questionnaireId: number,
): CandidateClaims {
  const refuse = (): never => {
    throw InvalidInputError.field("candidateToken", token ? "examSignInExpired" : "examSignInRequired");
  };
  if (!token || !PATTERN.test(token)) return refuse();
  const cut = token.lastIndexOf(".");
  const body = token.slice(0, cut);
  const given = Buffer.from(token.slice(cut + 1), "base64url");
  if (!safeEqual(given, Buffer.from(serverMac(ctx.config, PURPOSE, body), "base64url"))) return refuse();
  const [questionnaire = "", candidate = "", expires = ""] = body.split(".");
  if (Number(questionnaire) !== questionnaireId) return refuse();
  if (ctx.clock.now().getTime() / 1000 >= Number(expires)) return refuse();
  return { questionnaireId, candidateId: Number(candidate) };
}
