import type { Generated, Selectable } from "kysely";

/**
 * One OAuth `state` handed to WeChat (migration 0215). Only its SHA-256 is kept, with the SHA-256 of the nonce
 * in the cookie of the browser that asked: a state is honoured once, within ten minutes, and only in that
 * browser (a link with someone else's state does nothing).
 */
export interface WechatOauthStatesTable {
  id: Generated<number>;
  stateHash: string;
  browserHash: string;
  /** login (微信扫码登录 / 公众号 sign-in), bind (个人中心 · 绑定微信), answer (a respondent's openid). */
  purpose: string;
  /** website (网站应用, snsapi_login) or oa (公众号网页授权). */
  app: string;
  /** The account binding WeChat (purpose bind). */
  userId: number | null;
  /** Where the browser goes afterwards (a path on this site). */
  returnTo: string;
  createdAt: string;
  usedAt: string | null;
}
export type WechatOauthStateRow = Selectable<WechatOauthStatesTable>;

/**
 * A WeChat identity bound to an account. The openid and unionid are kept as keyed digests (Keyring.digestAt
 * at questionnaire 0): enough to recognise the user next time, nothing to leak.
 */
export interface WechatBindingsTable {
  id: Generated<number>;
  userId: number;
  /** The application the openid belongs to (网站应用 or 公众号 AppID). */
  appId: string;
  openidDigest: string;
  /** Links the 网站应用 and the 公众号 of one 开放平台 account: either signs in to the same account. */
  unionidDigest: string | null;
  /** Shown in 个人中心 (绑定的微信). */
  nickname: string;
  createdAt: string;
}

/** Values every instance shares (the 公众号's jsapi_ticket): one row per name, replaced when it expires. */
export interface WechatCacheTable {
  name: string;
  value: string;
  expiresAt: string;
}
