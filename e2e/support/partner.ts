import { createHmac } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";

/** The server's OTHER_LOGIN_SECRET in the journeys (passed to the server by playwright.config.ts). */
export const OTHER_LOGIN_SECRET = "e2e-partner-secret";

/** A requestParam as a partner platform signs it (README: other-platform login). */
export function signRequestParam(
  secret: string,
  payload: { platformUserId: string; nickName?: string; phone?: string },
): string {
  const json = Buffer.from(JSON.stringify({ ...payload, iat: Math.floor(Date.now() / 1000) }));
  const signature = createHmac("sha256", secret).update(json).digest();
  return `${json.toString("base64url")}.${signature.toString("base64url")}`;
}

/** The stored token, read safely while the 202 flow may be reloading the page. */
export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem("token")).catch(() => null);
}

/** A token for a partner platform's user, who has no phone yet (the /ConfirmPhone case). */
export async function apiPartnerLogin(request: APIRequestContext, platformUserId: string): Promise<string> {
  const requestParam = signRequestParam(OTHER_LOGIN_SECRET, { platformUserId, nickName: "合作方用户" });
  const res = await request.post("/wjgj/api/user/fromOtherLogin", { form: { requestParam, fromType: "3" } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`partner login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
