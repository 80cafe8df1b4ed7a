import type { QuestionarySort, QuestionaryStatus, QuestionnaireKind, TeamRole } from "@wjgj/core";
import { sql } from "kysely";
import type { AppContext } from "../../context.ts";
import { toCount } from "../../db/index.ts";
import type { Page } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { type QuestionnaireRow, responseCountColumn } from "../../db/tables/questionnaires.ts";
import type { Viewer } from "../../http/viewer.ts";

export interface ListFilters {
  pageNum: number;
  pageSize: number;
  title?: string | undefined;
  kind?: QuestionnaireKind | undefined;
  status?: QuestionaryStatus | undefined;
  sort?: QuestionarySort | undefined;
  /** 星标 only. */
  starred?: boolean | undefined;
}

/** The viewer's questionnaires, either the working list or the recycle bin. */
export async function listQuestionnaires(
  ctx: AppContext,
  viewer: Viewer,
  filters: ListFilters,
  bin: "active" | "recycled",
): Promise<Page<QuestionnaireRow>> {
  let query = ctx.db
    .selectFrom("questionnaires")
    .where("ownerId", "=", viewer.user.id)
    .where("deletedAt", bin === "active" ? "is" : "is not", null);
  if (filters.title) query = query.where(contains("title", filters.title));
  if (filters.kind) query = query.where("kind", "=", filters.kind);
  if (filters.status) query = query.where("status", "=", filters.status);
  if (filters.starred) query = query.where("starredAt", "is not", null);

  let rows = query.selectAll().select(responseCountColumn);
  switch (bin === "recycled" ? "deleted" : (filters.sort ?? "updatedDesc")) {
    case "deleted":
      rows = rows.orderBy("deletedAt", "desc");
      break;
    case "createdDesc":
      rows = rows.orderBy("createdAt", "desc");
      break;
    case "createdAsc":
      rows = rows.orderBy("createdAt", "asc");
      break;
    case "responsesDesc":
      rows = rows.orderBy(sql.ref("responseCount"), "desc").orderBy("updatedAt", "desc");
      break;
    case "titleAsc":
      rows = rows.orderBy("title", "asc");
      break;
    default:
      rows = rows.orderBy("updatedAt", "desc");
  }
  const [list, total] = await Promise.all([
    rows
      .orderBy("id", "desc")
      .limit(filters.pageSize)
      .offset((filters.pageNum - 1) * filters.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  return { list, total, pageNum: filters.pageNum, pageSize: filters.pageSize };
}

/** 共享给我的 (getShareProjectTeamList): questionnaires of others whose team the viewer is in, with the role. */
export async function listSharedQuestionnaires(
  ctx: AppContext,
  viewer: Viewer,
  filters: Pick<ListFilters, "pageNum" | "pageSize" | "title">,
): Promise<Page<{ row: QuestionnaireRow; role: Exclude<TeamRole, "owner">; ownerName: string }>> {
  let query = ctx.db
    .selectFrom("team_members")
    .innerJoin("questionnaires", "questionnaires.id", "team_members.questionnaireId")
    .innerJoin("users", "users.id", "questionnaires.ownerId")
    .where("team_members.userId", "=", viewer.user.id)
    .where("questionnaires.deletedAt", "is", null);
  if (filters.title) query = query.where(contains("questionnaires.title", filters.title));
  const [rows, total] = await Promise.all([
    query
      .selectAll("questionnaires")
      .select(["team_members.role as memberRole", "users.nickName as ownerName", responseCountColumn])
      .orderBy("questionnaires.updatedAt", "desc")
      .orderBy("questionnaires.id", "desc")
      .limit(filters.pageSize)
      .offset((filters.pageNum - 1) * filters.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const list = rows.map(({ memberRole, ownerName, ...row }) => ({ row, role: memberRole, ownerName }));
  return { list, total, pageNum: filters.pageNum, pageSize: filters.pageSize };
}
