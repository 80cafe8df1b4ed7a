import type { DesignerPresence } from "@wjgj/core";
import { addSeconds, iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import type { Viewer } from "../../http/viewer.ts";
import { loadQuestionnaire } from "../questionnaires/store.ts";

/** The designer beats every 20 s; someone missing two beats and a half has closed it. */
export const PRESENCE_WINDOW_SECONDS = 50;

/**
 * designerHeartbeat: records that the viewer has the questionnaire open in the designer and answers the
 * others who do. Rows live in the database so every server instance answers the same.
 */
export async function designerHeartbeat(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
): Promise<DesignerPresence[]> {
  await loadQuestionnaire(ctx.db, viewer, id, "edit");
  const now = ctx.clock.now();
  await ctx.db
    .insertInto("designer_presence")
    .values({ questionnaireId: id, userId: viewer.user.id, seenAt: iso(now) })
    .onConflict((oc) => oc.columns(["questionnaireId", "userId"]).doUpdateSet({ seenAt: iso(now) }))
    .execute();
  const rows = await ctx.db
    .selectFrom("designer_presence")
    .innerJoin("users", "users.id", "designer_presence.userId")
    .select(["users.id", "users.nickName", "users.avatar"])
    .where("designer_presence.questionnaireId", "=", id)
    .where("designer_presence.userId", "!=", viewer.user.id)
    .where("designer_presence.seenAt", ">", iso(addSeconds(now, -PRESENCE_WINDOW_SECONDS)))
    .orderBy("designer_presence.seenAt", "desc")
    .execute();
  return rows.map((row) => ({ userId: row.id, nickName: row.nickName, avatar: row.avatar }));
}
