import type { Generated, Selectable } from "kysely";

/**
 * A one-time ticket from the WeChat sign-in callback to /Loginone (migration 0216): only its SHA-256 is kept.
 * `login`: the WeChat is bound to `userId`, the page exchanges the ticket for a session. `bind`: not bound yet,
 * the page asks for a phone (SMS code) and the WeChat remembered here is bound to that phone's account.
 */
export interface WechatLoginTicketsTable {
  id: Generated<number>;
  ticketHash: string;
  kind: "login" | "bind";
  userId: number | null;
  /** The application the openid belongs to (网站应用 or 公众号 AppID). */
  appId: string;
  /** Keyed digests, as in wechat_bindings. */
  openidDigest: string;
  unionidDigest: string | null;
  nickname: string;
  /** Where the browser goes once signed in (a path on this site, or ""). */
  returnTo: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}
export type WechatLoginTicketRow = Selectable<WechatLoginTicketsTable>;
