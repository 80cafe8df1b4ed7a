export const loginCaptchasTable = "login_captchas";

/** An image captcha shown to a password login that has failed before: the answer's hash, single use. */
export interface LoginCaptchasTable {
  id: string;
  answerHash: string;
  expiresAt: string;
  usedAt: string | null;
}
