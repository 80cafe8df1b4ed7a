/** What `user/getUserInfo` answers (seed §3), shared by server presenter and browser store. */
export interface UserInfo {
  avatar: string;
  headImg: string;
  nickName: string;
  phone: string;
  /** 0 personal, 1–3 paid levels; only the badge differs (§6). */
  vipLevel: 0 | 1 | 2 | 3;
  /** "YYYY-MM-DD HH:mm:ss" or "" when there is none. */
  vipStopTime: string;
  /** 1 when the account manages templates, else 0; the browser stores it locally (§3). */
  isTemplate: 0 | 1;
  role: "user" | "admin";
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
}

export interface FooterInfo {
  siteName: string;
  siteUrl: string;
  siteIcp: string;
  siteMail: string;
  sitePhone: string;
  versionInfo: string;
  versionNumber: string;
  versionBuilt: string;
  years: string;
}

/** `user/getAccountSecurity`: what the profile's password, phone and deletion sections need to know. */
export interface AccountSecurity {
  hasPassword: boolean;
  phone: string;
  /** A pending deletion request, or null; times are "YYYY-MM-DD HH:mm:ss" (China time). */
  deletion: { requestedAt: string; effectiveAt: string } | null;
}

/** One signed-in device of `user/getSessionList`. */
export interface SessionItem {
  id: number;
  /** The session this request came from. */
  current: boolean;
  /** A readable name from the user agent, e.g. "Chrome · Windows". */
  device: string;
  ip: string;
  createdAt: string;
}

/** The codes sent to the account's own phone (`user/sendSecurityCode`). */
export const SECURITY_CODE_PURPOSES = ["password", "phone-old", "delete"] as const;
export type SecurityCodePurpose = (typeof SECURITY_CODE_PURPOSES)[number];
