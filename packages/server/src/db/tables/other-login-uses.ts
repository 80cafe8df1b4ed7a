export const otherLoginUsesTable = "other_login_uses";

/** Signatures of accepted other-platform logins, kept past their validity window to refuse replays. */
export interface OtherLoginUsesTable {
  signature: string;
  usedAt: string;
}
