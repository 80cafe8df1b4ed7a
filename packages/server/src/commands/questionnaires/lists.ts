import type { QuestionarySort, QuestionaryStatus, QuestionnaireKind } from "@wjgj/core";
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
