import type {
  QuestionnaireKind,
  TemplateCard,
  TemplateDetail,
  TemplateReviewState,
  TemplateSort,
} from "@wjgj/core";
import type { AppContext } from "../../context.ts";
import { type Db, toCount } from "../../db/index.ts";
import type { Page } from "../../db/paging.ts";
import { contains } from "../../db/search.ts";
import { type TemplateCardRow, templateCardColumns } from "../../db/tables/templates.ts";
import type { Viewer } from "../../http/viewer.ts";
import { allowOnTemplate } from "../../policies/index.ts";
import { presentTemplateCard, presentTemplateDetail, type TemplateNames } from "../../presenters/template.ts";
import { loadTemplate } from "./store.ts";

export interface TemplateFilters {
  pageNum: number;
  pageSize: number;
  keyword?: string | undefined;
  kind?: QuestionnaireKind | undefined;
  categoryId?: string | undefined;
  professionId?: number | undefined;
  sort?: TemplateSort | undefined;
  featured?: boolean | undefined;
}

export interface AdminTemplateFilters extends TemplateFilters {
  reviewState?: TemplateReviewState | undefined;
  official?: boolean | undefined;
}

/** Profession names (a short table, read whole) and the authors of the rows at hand. */
export async function templateNames(
  db: Db,
  rows: readonly Pick<TemplateCardRow, "ownerId">[],
): Promise<TemplateNames> {
  const ownerIds = [...new Set(rows.flatMap((r) => (r.ownerId === null ? [] : [r.ownerId])))];
  const [professions, authors] = await Promise.all([
    db.selectFrom("template_professions").select(["id", "name"]).execute(),
    ownerIds.length
      ? db.selectFrom("users").select(["id", "nickName"]).where("id", "in", ownerIds).execute()
      : Promise.resolve([]),
  ]);
  return {
    professions: new Map(professions.map((p) => [p.id, p.name])),
    authors: new Map(authors.map((a) => [a.id, a.nickName || "用户"])),
  };
}

type Scope =
  | { kind: "gallery" }
  | { kind: "mine"; ownerId: number }
  | { kind: "admin"; filters: AdminTemplateFilters };

async function listTemplates(
  ctx: AppContext,
  scope: Scope,
  filters: TemplateFilters,
): Promise<Page<TemplateCard>> {
  let query = ctx.db.selectFrom("templates");
  if (scope.kind === "gallery") {
    query = query.where("reviewState", "=", "approved").where("visibility", "=", "public");
  } else if (scope.kind === "mine") {
    query = query.where("ownerId", "=", scope.ownerId);
  } else {
    if (scope.filters.reviewState) query = query.where("reviewState", "=", scope.filters.reviewState);
    if (scope.filters.official !== undefined)
      query = query.where("official", "=", scope.filters.official ? 1 : 0);
  }
  if (filters.kind) query = query.where("kind", "=", filters.kind);
  if (filters.categoryId) query = query.where("categoryId", "=", filters.categoryId);
  if (filters.professionId) query = query.where("professionId", "=", filters.professionId);
  if (filters.featured) query = query.where("featured", "=", 1);
  if (filters.keyword) query = query.where(contains("search_text", filters.keyword, true));

  // Ids first, from the narrow search index alone; then the cards of that one page by id. Reading card
  // columns while filtering would visit every candidate row, and rows carry whole definitions.
  let ids = query.select("id");
  if (filters.featured) ids = ids.orderBy("featured", "desc");
  ids =
    (filters.sort ?? (scope.kind === "gallery" ? "hot" : "new")) === "hot"
      ? ids.orderBy("useCount", "desc")
      : ids.orderBy("updatedAt", "desc");
  const [pageIds, total] = await Promise.all([
    ids
      .orderBy("id", "desc")
      .limit(filters.pageSize)
      .offset((filters.pageNum - 1) * filters.pageSize)
      .execute(),
    query
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirst()
      .then(toCount),
  ]);
  const order = pageIds.map((row) => row.id);
  const found = order.length
    ? await ctx.db.selectFrom("templates").select(templateCardColumns).where("id", "in", order).execute()
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  const list = order.flatMap((id) => byId.get(id) ?? []);
  const names = await templateNames(ctx.db, list);
  return {
    list: list.map((row) => presentTemplateCard(row, names)),
    total,
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
  };
}

/** The public gallery: approved public templates only (模板中心, /website/free). */
export function listPublicTemplates(ctx: AppContext, filters: TemplateFilters): Promise<Page<TemplateCard>> {
  return listTemplates(ctx, { kind: "gallery" }, filters);
}

/** 我的模板: the viewer's own, in every state. */
export function listMyTemplates(
  ctx: AppContext,
  viewer: Viewer,
  filters: TemplateFilters,
): Promise<Page<TemplateCard>> {
  return listTemplates(ctx, { kind: "mine", ownerId: viewer.user.id }, filters);
}

/** 模板管理: every template, by review state. */
export function listAllTemplates(
  ctx: AppContext,
  filters: AdminTemplateFilters,
): Promise<Page<TemplateCard>> {
  return listTemplates(ctx, { kind: "admin", filters }, filters);
}

/** One template whole, for the preview and the template designer. */
export async function readTemplate(
  ctx: AppContext,
  viewer: Viewer | null,
  id: number,
): Promise<TemplateDetail> {
  const row = await loadTemplate(ctx.db, viewer, id, "read");
  return presentTemplateDetail(row, await templateNames(ctx.db, [row]), allowOnTemplate(viewer, "edit", row));
}
