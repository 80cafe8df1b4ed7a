import { type TeamActivityItem, teamActivityNames } from "@wjgj/core";
import { addSeconds, chinaDateTime, iso } from "../../clock.ts";
import { type Db, type Trx, toCount } from "../../db/index.ts";

export type ActivityAction = keyof typeof teamActivityNames;

/** Saves come every few seconds while someone designs: one `edit` line per person per this window. */
const EDIT_WINDOW_SECONDS = 600;

/** One line of a questionnaire's activity log, written in the change's own transaction when there is one. */
export async function recordActivity(
  db: Db | Trx,
  now: Date,
  entry: { questionnaireId: number; actorId: number; action: ActivityAction; detail?: string },
): Promise<void> {
  if (entry.action === "edit") {
    const recent = await db
      .selectFrom("team_activity")
      .select("id")
      .where("questionnaireId", "=", entry.questionnaireId)
      .where("actorId", "=", entry.actorId)
      .where("action", "=", "edit")
      .where("createdAt", ">", iso(addSeconds(now, -EDIT_WINDOW_SECONDS)))
      .executeTakeFirst();
    if (recent) return;
  }
  await db
    .insertInto("team_activity")
    .values({
      questionnaireId: entry.questionnaireId,
      actorId: entry.actorId,
      action: entry.action,
      detail: (entry.detail ?? "").slice(0, 500),
      createdAt: iso(now),
    })
    .execute();
}

/** One page of the log, newest first, for the owner's and admins' 动态 tab. */
export async function listActivity(
  db: Db,
  questionnaireId: number,
  page: { pageNum: number; pageSize: number },
): Promise<{ list: TeamActivityItem[]; total: number; pageNum: number; pageSize: number }> {
  const total = toCount(
    await db
      .selectFrom("team_activity")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("questionnaireId", "=", questionnaireId)
      .executeTakeFirst(),
  );
  const rows = await db
    .selectFrom("team_activity")
    .leftJoin("users", "users.id", "team_activity.actorId")
    .select([
      "team_activity.id",
      "team_activity.actorId",
      "team_activity.action",
      "team_activity.detail",
      "team_activity.createdAt",
      "users.nickName",
    ])
    .where("team_activity.questionnaireId", "=", questionnaireId)
    .orderBy("team_activity.id", "desc")
    .limit(page.pageSize)
    .offset((page.pageNum - 1) * page.pageSize)
    .execute();
  const list = rows.map((row) => ({
    id: row.id,
    actor: { userId: row.actorId, nickName: row.nickName ?? "已注销用户" },
    action: row.action,
    actionName: teamActivityNames[row.action] ?? row.action,
    detail: row.detail,
    createdAt: chinaDateTime(row.createdAt),
  }));
  return { list, total, pageNum: page.pageNum, pageSize: page.pageSize };
}
