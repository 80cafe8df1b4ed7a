import type {
  ExamAttempt,
  ExamAttemptSync,
  ExamClientEventKind,
  ExamSignInResult,
} from "@wjgj/core/api/exam-guard";
import type { OpenData } from "@wjgj/core/pages/answer";
import { type ApiOutcome, apiCall } from "../lib/api.ts";

/** The respondent's side of `/wjgj/api/exam/*` (contract: packages/core/src/api/exam-guard.ts). */

export type SignInBody = { publicId: string } & (
  | { number: string; name: string }
  | { phone: string; code: string }
);

export const signIn = (body: SignInBody) =>
  apiCall<ExamSignInResult>("POST", "exam/signIn", { body: { json: body } });

export interface StartBody {
  publicId: string;
  deviceId: string;
  candidateToken?: string;
  password?: string;
}

export const startAttempt = (body: StartBody) =>
  apiCall<{ attempt: ExamAttempt | null; open: OpenData }>("POST", "exam/start", {
    body: { json: body },
    timeoutMs: 20_000,
  });

export interface SavedProgress {
  answers: Record<string, unknown>;
  pageId: string | null;
  history: string[];
}

export const saveProgress = (attemptToken: string, progress: SavedProgress) =>
  apiCall<ExamAttemptSync>("POST", "exam/save", {
    body: {
      json: {
        attemptToken,
        answers: progress.answers,
        history: progress.history,
        ...(progress.pageId ? { pageId: progress.pageId } : {}),
      },
    },
    timeoutMs: 15_000,
  });

export const heartbeat = (attemptToken: string) =>
  apiCall<ExamAttemptSync>("POST", "exam/heartbeat", { body: { json: { attemptToken } }, timeoutMs: 8_000 });

export const reportEvent = (attemptToken: string, kind: ExamClientEventKind, seconds?: number) =>
  apiCall<ExamAttemptSync>("POST", "exam/event", {
    body: { json: { attemptToken, kind, ...(seconds !== undefined ? { seconds } : {}) } },
  });

export function uploadSnapshot(attemptToken: string, image: Blob): Promise<ApiOutcome<unknown>> {
  const form = new FormData();
  form.append("attemptToken", attemptToken);
  form.append("file", image, "snapshot.jpg");
  return apiCall("POST", "exam/snapshot", { body: { multipart: form }, timeoutMs: 30_000 });
}

const TOKEN_KEY = "wjgj:exam:";

/** The candidate's sign-in for this exam, kept for this tab only (sessionStorage). */
export function storedSignIn(publicId: string): ExamSignInResult | null {
  try {
    const raw = sessionStorage.getItem(TOKEN_KEY + publicId);
    const parsed = raw ? (JSON.parse(raw) as ExamSignInResult) : null;
    return parsed && typeof parsed.candidateToken === "string" ? parsed : null;
  } catch {
    return null;
  }
}

export function storeSignIn(publicId: string, result: ExamSignInResult | null): void {
  try {
    if (result) sessionStorage.setItem(TOKEN_KEY + publicId, JSON.stringify(result));
    else sessionStorage.removeItem(TOKEN_KEY + publicId);
  } catch {
    // Only a convenience for reloads: the candidate signs in again.
  }
}

const PENDING_KEY = "wjgj:exam-pending:";

/** Progress not yet on the server (offline), by attempt seed: a reload or a resume here sends it first. */
export function storedPending(publicId: string, seed: string): SavedProgress | null {
  try {
    const raw = localStorage.getItem(PENDING_KEY + publicId);
    const parsed = raw ? (JSON.parse(raw) as { seed: string; progress: SavedProgress }) : null;
    return parsed?.seed === seed ? parsed.progress : null;
  } catch {
    return null;
  }
}

export function storePending(publicId: string, seed: string, progress: SavedProgress | null): void {
  try {
    if (progress) localStorage.setItem(PENDING_KEY + publicId, JSON.stringify({ seed, progress }));
    else localStorage.removeItem(PENDING_KEY + publicId);
  } catch {
    // Storage full or refused: the progress stays in memory.
  }
}
