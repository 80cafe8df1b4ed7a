import type { FastifyReply, FastifyRequest } from "fastify";
import { BROWSER_COOKIE, browserNonceOf, newBrowserNonce } from "../commands/wechat/oauth-states.ts";

/** The browser nonce outlives any state it binds (ten minutes); a month spares re-issuing it every visit. */
const NONCE_MAX_AGE_SECONDS = 30 * 86_400;

/**
 * The browser's half of every WeChat authorisation state (commands/wechat/oauth-states.ts): its nonce cookie,
 * set (HttpOnly, SameSite=Lax so it comes back on WeChat's redirect) when it has none; a valid one is kept.
 */
export function ensureBrowserNonce(request: FastifyRequest, reply: FastifyReply): string {
  const existing = browserNonceOf(request.headers.cookie);
  if (existing) return existing;
  const nonce = newBrowserNonce();
  const secure = request.protocol === "https" ? "; Secure" : "";
  reply.header(
    "Set-Cookie",
    `${BROWSER_COOKIE}=${nonce}; Path=/; Max-Age=${NONCE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`,
  );
  return nonce;
}
