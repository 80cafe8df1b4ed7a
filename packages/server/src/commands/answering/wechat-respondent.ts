import { isWeChatBrowser, type QuestionarySettings } from "@wjgj/core";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/index.ts";
import { ForbiddenError } from "../../errors.ts";
import type { WeChatBrowserIdentity } from "../../wechat/identity-cookie.ts";
import { isSealed, keyringOf, type QuestionnaireKeys } from "../privacy/keyring.ts";

/**
 * Respondents as WeChat users (issue #39): which questionnaires need to know who the respondent is in WeChat,
 * and what a response keeps of it. The identity itself comes from the 公众号's web authorisation, kept in the
 * sealed cookie of wechat/identity-cookie.ts; the database keeps a keyed digest of the openid (每个微信号限答)
 * and, when the creator asked, the nickname and avatar sealed like personal answers.
 */

/** Where the openid is digested and the profile sealed (not a question id: those cannot start with "~"). */
export const WECHAT_PLACE = "~wechat";

export interface WeChatProfileShown {
  nickname: string;
  avatarUrl: string;
}

/** What a questionnaire asks of WeChat, with the 公众号 configured (without it every WeChat setting rests). */
export interface WeChatNeeds {
  /** Answering only as an identified WeChat user: 仅限微信作答, or a per-WeChat-user limit to count. */
  required: boolean;
  /** Ask for nickname and avatar (snsapi_userinfo) and keep them with the response. */
  profile: boolean;
  /** Anything at all: inside WeChat the answer page gets the openid first (silently unless `profile`). */
  any: boolean;
}

/**
 * `redPacket`: the questionnaire has an active red packet. Paid to 零钱, it needs the payee's openid under the app
 * WeChat Pay pays from, so the answer page asks WeChat for it (silently) first; other questionnaires do not.
 */
export function wechatNeeds(config: Config, settings: QuestionarySettings, redPacket = false): WeChatNeeds {
  if (!config.wechat.officialAccount) return { required: false, profile: false, any: false };
  const required = settings.wechatOnly || settings.limitPerWechat.enabled;
  const profile = settings.wechatProfile;
  const payout = redPacket && paysRedPacketsToWeChat(config);
  return { required, profile, any: required || profile || payout };
}

/** Red packets go to 零钱, from the 公众号's app (whose openids the answer page can learn). */
export function paysRedPacketsToWeChat(config: Config): boolean {
  const app = config.wechat.officialAccount;
  return !!app && config.redPacketPayout === "wechat" && config.wechatPay?.appId === app.appId;
}

/**
 * Refuses a submit that must come from an identified WeChat user and does not: outside WeChat the respondent
 * is told to open the link in WeChat, inside it (an authorisation expired or refused) to open it again.
 */
export function requireWechatIdentity(
  needs: WeChatNeeds,
  identity: WeChatBrowserIdentity | null,
  userAgent: string,
): void {
  if (!needs.required || identity) return;
  throw new ForbiddenError(isWeChatBrowser(userAgent) ? "answerWechatRequired" : "answerWechatOnly");
}

/** The response's WeChat key: a keyed digest of the openid, per questionnaire (never the openid itself). */
export function wechatKeyOf(db: Db, questionnaireId: number, identity: WeChatBrowserIdentity): string {
  return keyringOf(db).digestAt(questionnaireId, WECHAT_PLACE, identity.openid);
}

/** The profile as stored: sealed under the questionnaire's data key when encryption is on, JSON otherwise. */
export function storedProfile(
  keys: QuestionnaireKeys | null,
  identity: WeChatBrowserIdentity,
): string | null {
  if (!identity.nickname && !identity.avatarUrl) return null;
  const json = JSON.stringify({ nickname: identity.nickname, avatarUrl: identity.avatarUrl });
  return keys && keys.generation > 0 ? keys.sealText(WECHAT_PLACE, json) : json;
}

/** A stored profile opened; null when none was kept (or it cannot be read). */
export function openProfile(keys: QuestionnaireKeys, stored: string | null): WeChatProfileShown | null {
  if (!stored) return null;
  try {
    const json = isSealed(stored) ? keys.openText(WECHAT_PLACE, stored) : stored;
    const value = JSON.parse(json) as Partial<WeChatProfileShown>;
    return {
      nickname: typeof value.nickname === "string" ? value.nickname : "",
      avatarUrl: typeof value.avatarUrl === "string" ? value.avatarUrl : "",
    };
  } catch {
    return null;
  }
}

/**
 * A stored profile sealed again under `keys`' newest generation (a key rotation's pass), or left as it is when
 * encryption is off or it cannot be read.
 */
export function resealProfile(keys: QuestionnaireKeys, stored: string | null): string | null {
  if (!stored || keys.generation === 0 || !keys.sealing) return stored;
  const profile = openProfile(keys, stored);
  return profile ? keys.sealText(WECHAT_PLACE, JSON.stringify(profile)) : stored;
}

/**
 * The response's `sealedGeneration` with its profile counted: a sealed profile is under the keys' newest
 * generation (as sealed answers are), so a rotation re-seals it and the old key is kept until it did; a profile
 * kept in clear (encryption off) leaves it null, for the sealing pass once encryption is on.
 */
export function generationWithProfile(
  answers: number | null,
  profile: string | null,
  keys: QuestionnaireKeys | null,
): number | null {
  if (!profile) return answers;
  return isSealed(profile) && keys ? keys.generation : null;
}
