import { iso } from "../../clock.ts";
import type { AppContext } from "../../context.ts";
import { type Db, toCount } from "../../db/index.ts";
import type { Page, PageInput } from "../../db/paging.ts";
import { NotFoundError } from "../../errors.ts";
import {
  presentPublicBanner,
  presentPublicFriendLink,
  presentPublicLabel,
  presentPublicMenuEntry,
  presentPublicNews,
  presentPublicNewsDetail,
  presentPublicVipSet,
} from "../../presenters/site-content.ts";

/** What the public site reads. Only published records show; news also waits for its publish time. */

export async function listMenuEntries(db: Db) {
  const rows = await db
    .selectFrom("nav_entries")
    .selectAll()
    .where("visible", "=", 1)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map(presentPublicMenuEntry);
}

export async function listLabels(db: Db) {
  const rows = await db.selectFrom("labels").select(["id", "name"]).orderBy("sort").orderBy("id").execute();
  return rows.map(presentPublicLabel);
}

export async function listBanners(db: Db) {
  const rows = await db
    .selectFrom("banners")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map(presentPublicBanner);
}

export async function listApprovedFriendLinks(db: Db) {
  const rows = await db
    .selectFrom("friend_links")
    .select(["id", "name", "url"])
    .where("status", "=", "approved")
    .orderBy("reviewedAt")
    .orderBy("id")
    .execute();
  return rows.map(presentPublicFriendLink);
}

export async function listVipSets(db: Db) {
  const rows = await db
    .selectFrom("vip_sets")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("sort")
    .orderBy("level")
    .execute();
  return rows.map(presentPublicVipSet);
}

const listColumns = ["id", "title", "summary", "cover", "labelId", "publishAt", "views"] as const;

function liveNews(ctx: AppContext) {
  return ctx.db
    .selectFrom("news")
    .where("status", "=", "published")
    .where("publishAt", "<=", iso(ctx.clock.now()));
}

async function labelNames(db: Db, rows: { labelId: number | null }[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.labelId === null ? [] : [row.labelId])))];
  if (ids.length === 0) return new Map();
  const labels = await db.selectFrom("labels").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(labels.map((label) => [label.id, label.name]));
}

/** `navigation/getNavigationNewsList`: live news, newest publish time first, optionally of one label. */
export async function listPublicNews(
  ctx: AppContext,
  input: PageInput & { labelId?: number | undefined },
): Promise<Page<ReturnType<typeof presentPublicNews>>> {
  let query = liveNews(ctx);
  if (input.labelId !== undefined) query = query.where("labelId", "=", input.labelId);
  const [rows, total] = await Promise.all([
    query
      .select(listColumns)
      .orderBy("publishAt", "desc")
      .orderBy("id", "desc")
      .limit(input.pageSize)
      .offset((input.pageNum - 1) * input.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const names = await labelNames(ctx.db, rows);
  return {
    list: rows.map((row) => presentPublicNews(row, names.get(row.labelId ?? 0) ?? "")),
    total,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
  };
}

/**
 * `navigation/getNavigationNewsDetail`: the item with its content and its neighbours in the list order
 * (prev is the newer one, next the older one). Counts a view. Missing, draft or not yet due: 404.
 */
export async function readPublicNews(ctx: AppContext, id: number) {
  const row = await liveNews(ctx).selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw new NotFoundError();
  const counted = await ctx.db
    .updateTable("news")
    .set((eb) => ({ views: eb("views", "+", 1) }))
    .where("id", "=", row.id)
    .returning("views")
    .executeTakeFirst();
  const [prev, next, names] = await Promise.all([
    liveNews(ctx)
      .select(["id", "title"])
      .where((eb) =>
        eb.or([
          eb("publishAt", ">", row.publishAt),
          eb.and([eb("publishAt", "=", row.publishAt), eb("id", ">", row.id)]),
        ]),
      )
      .orderBy("publishAt", "asc")
      .orderBy("id", "asc")
      .executeTakeFirst(),
    liveNews(ctx)
      .select(["id", "title"])
      .where((eb) =>
        eb.or([
          eb("publishAt", "<", row.publishAt),
          eb.and([eb("publishAt", "=", row.publishAt), eb("id", "<", row.id)]),
        ]),
      )
      .orderBy("publishAt", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst(),
    labelNames(ctx.db, [row]),
  ]);
  const viewed = { ...row, views: counted?.views ?? row.views + 1 };
  return presentPublicNewsDetail(viewed, names.get(row.labelId ?? 0) ?? "", { prev, next });
}
