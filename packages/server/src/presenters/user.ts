import type { UserInfo } from "@wjgj/core";
import { chinaDateTime } from "../clock.ts";
import type { UserRow } from "../db/tables/users.ts";

function vipLevel(level: number): UserInfo["vipLevel"] {
  return level === 1 || level === 2 || level === 3 ? level : 0;
}

/** `user/getUserInfo` and the userInfo of every login answer. */
export function presentUserInfo(user: UserRow): UserInfo {
  return {
    avatar: user.avatar,
    headImg: user.avatar,
    nickName: user.nickName,
    phone: user.phone ?? "",
    vipLevel: vipLevel(user.vipLevel),
    vipStopTime: chinaDateTime(user.vipStopTime),
    isTemplate: user.isTemplate === 1 ? 1 : 0,
    role: user.role,
  };
}

/** A row of the admin console's user list. */
export function presentAdminUser(user: UserRow) {
  return {
    id: user.id,
    phone: user.phone ?? "",
    nickName: user.nickName,
    vipLevel: vipLevel(user.vipLevel),
    vipStopTime: chinaDateTime(user.vipStopTime),
    role: user.role,
    status: user.status,
    isTemplate: user.isTemplate === 1 ? 1 : 0,
    createdAt: chinaDateTime(user.createdAt),
  };
}
