import type { UserInfo } from "@wjgj/core";

export interface VipBadgeStyle {
  label: string;
  /** Colours of the badge: gradient start/end and text. */
  from: string;
  to: string;
  text: string;
}

/** Membership badges (seed §2, §6): level 0 is the personal edition, 1–3 each look different. */
export const VIP_BADGES: Record<UserInfo["vipLevel"], VipBadgeStyle> = {
  0: { label: "个人版", from: "#eef1f6", to: "#dfe4ec", text: "#5a6577" },
  1: { label: "黄金会员", from: "#ffe58a", to: "#f5b301", text: "#6b4600" },
  2: { label: "铂金会员", from: "#e9edf5", to: "#9aa7bd", text: "#2c3648" },
  3: { label: "钻石会员", from: "#9fd8ff", to: "#5b6cff", text: "#ffffff" },
};

export function vipBadge(level: number): VipBadgeStyle {
  return VIP_BADGES[level as UserInfo["vipLevel"]] ?? VIP_BADGES[0];
}

/** `2027-11-22到期` for paid levels: the date part of vipStopTime; null when there is nothing to show. */
export function vipExpiryText(info: Pick<UserInfo, "vipLevel" | "vipStopTime">): string | null {
  if (info.vipLevel === 0) return null;
  const date = info.vipStopTime.trim().split(/[ T]/)[0];
  return date ? `${date}到期` : null;
}

/** The name shown for the account: the phone, else the nickname (seed §2). */
export function displayName(info: Pick<UserInfo, "phone" | "nickName">): string {
  return info.phone || info.nickName;
}
