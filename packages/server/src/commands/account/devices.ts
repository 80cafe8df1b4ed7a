import type { SessionItem } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { NotFoundError } from "../../errors.ts";
import type { Viewer } from "../../http/viewer.ts";

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/MicroMessenger/i, "微信"],
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/Android/i, "Android"],
  [/iPhone|iPad|iPod/i, "iOS"],
  [/Windows/i, "Windows"],
  [/Mac OS X|Macintosh/i, "macOS"],
  [/HarmonyOS/i, "鸿蒙"],
  [/Linux/i, "Linux"],
];

/** A person's name for a user agent ("Chrome · Windows"); unknown agents read 未知设备. */
export function deviceName(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "未知设备";
}

/** `user/getSessionList`: the account's sessions still open, newest first, this one marked. */
export async function listSessions(ctx: AppContext, viewer: Viewer): Promise<{ list: SessionItem[] }> {
  const rows = await ctx.db
    .selectFrom("sessions")
    .select(["id", "ip", "userAgent", "createdAt"])
    .where("userId", "=", viewer.user.id)
    .where("revokedAt", "is", null)
    .where("expiresAt", ">", iso(ctx.clock.now()))
    .orderBy("id", "desc")
    .limit(100)
    .execute();
  return {
    list: rows.map((row) => ({
      id: row.id,
      current: row.id === viewer.session.id,
      device: deviceName(row.userAgent),
      ip: row.ip,
      createdAt: chinaDateTime(row.createdAt),
    })),
  };
}

/** `user/signOutSession`: ends one of the account's own sessions; another account's id is not found. */
export async function signOutSession(ctx: AppContext, viewer: Viewer, id: number): Promise<void> {
  const result = await ctx.db
    .updateTable("sessions")
    .set({ revokedAt: iso(ctx.clock.now()) })
    .where("id", "=", id)
    .where("userId", "=", viewer.user.id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new NotFoundError("sessionNotFound");
}
