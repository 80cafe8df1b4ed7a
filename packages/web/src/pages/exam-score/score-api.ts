import type { ExamReview, ExamSignInResult, PublicExamGuard } from "@wjgj/core";
import { http } from "../../api/request.ts";

/** What the page needs of the questionnaire before signing in: its title and how candidates sign in. */
export interface ScoreGate {
  title: string;
  examGuard?: PublicExamGuard;
}

// Every answer of these calls is shown on the page itself (silent: no toast, no permission box).
const quiet = { silent: true } as const;

/** 查分 (`/examScore/{publicId}`): the candidate's side of exam/signIn and exam/review. */
export const scoreApi = {
  gate: async (publicId: string): Promise<ScoreGate> => {
    const open = await http.get<{ title: string; settings: { examGuard?: PublicExamGuard } }>(
      "anQuestion/getQuestionary",
      { publicId },
      quiet,
    );
    return { title: open.title, ...(open.settings.examGuard ? { examGuard: open.settings.examGuard } : {}) };
  },
  sendCode: (phone: string) => http.postJson<null>("user/sendCode", { phone, purpose: "exam" }, quiet),
  signIn: (input: { publicId: string; number?: string; name?: string; phone?: string; code?: string }) =>
    http.postJson<ExamSignInResult>("exam/signIn", input, quiet),
  review: (publicId: string, candidateToken: string) =>
    http.postJson<ExamReview>("exam/review", { publicId, candidateToken }, quiet),
};

/** The answer page keeps the sign-in per tab under this key (answer/exam/exam-api.ts): reused here. */
const TOKEN_KEY = "wjgj:exam:";

export function rememberedToken(publicId: string): string | null {
  try {
    const raw = sessionStorage.getItem(TOKEN_KEY + publicId);
    const token = raw ? (JSON.parse(raw) as { candidateToken?: unknown }).candidateToken : null;
    return typeof token === "string" ? token : null;
  } catch {
    return null;
  }
}

export function rememberSignIn(publicId: string, result: ExamSignInResult | null): void {
  try {
    if (result) sessionStorage.setItem(TOKEN_KEY + publicId, JSON.stringify(result));
    else sessionStorage.removeItem(TOKEN_KEY + publicId);
  } catch {
    // Only a convenience: the candidate signs in again.
  }
}
