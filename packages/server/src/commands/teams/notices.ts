import type { TeamNotice, TeamNoticePage } from "@wjgj/core";
import { chinaDateTime, iso } from "../../clock.ts";
import { type Db, type Trx, toCount } from "../../db/index.ts";

/** A notification for one person, written in the transaction of what it tells about. */
export async function notify(
  db: Db | Trx,
  now: Date,
  entry: { userId: number; kind: TeamNotice["kind"]; title: string; content: string; link: string },
): Promise<void> {
  await db
    .insertInto("notifications")
    .values({ ...entry, content: entry.content.slice(0, 500), readAt: null, createdAt: iso(now) })
    .execute();
}

/** getTeamNoticeList: the viewer's own notifications only, newest first. */
export async function listNotices(
  db: Db,
  userId: number,
  page: { pageNum: number; pageSize: number },
): Promise<TeamNoticePage> {
  const mine = db.selectFrom("notifications").where("userId", "=", userId);
  const [total, unread, rows] = await Promise.all([
    mine.select((eb) => eb.fn.countAll().as("count")).executeTakeFirst(),
    mine
      .select((eb) => eb.fn.countAll().as("count"))
      .where("readAt", "is", null)
      .executeTakeFirst(),
    mine
      .selectAll()
      .orderBy("id", "desc")
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      kind: row.kind as TeamNotice["kind"],
      title: row.title,
      content: row.content,
      link: row.link,
      read: row.readAt !== null,
      createdAt: chinaDateTime(row.createdAt),
    })),
    total: toCount(total),
    unread: toCount(unread),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** readTeamNotice: one of the viewer's notifications (or all, without an id) marked read. */
export async function markNoticesRead(db: Db, userId: number, id: number | undefined, now: Date) {
  await db
    .updateTable("notifications")
    .set({ readAt: iso(now) })
    .where("userId", "=", userId)
    .where("readAt", "is", null)
    .$if(id !== undefined, (query) => query.where("id", "=", id ?? 0))
    .execute();
}
