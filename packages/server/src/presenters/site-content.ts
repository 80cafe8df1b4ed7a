import { chinaDateTime } from "../clock.ts";
import type {
  BannerRow,
  FriendLinkRow,
  HelpArticleRow,
  HelpCategoryRow,
  LabelRow,
  NavEntryRow,
  NewsRow,
  VipSetRow,
} from "../db/tables/site-content.ts";

/** Rows of the public site and of the admin console's content screens. Times are China time. */

export function presentLabel(row: LabelRow) {
  return { id: row.id, name: row.name, sort: row.sort };
}

export type PublicNewsFields = Pick<
  NewsRow,
  "id" | "title" | "summary" | "cover" | "labelId" | "publishAt" | "views"
>;

export function presentPublicNews(row: PublicNewsFields, labelName: string) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    labelId: row.labelId,
    labelName,
    publishTime: chinaDateTime(row.publishAt),
    views: row.views,
  };
}

export function presentAdminNews(row: NewsRow) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    content: row.content,
    labelId: row.labelId,
    status: row.status,
    publishAt: chinaDateTime(row.publishAt),
    views: row.views,
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
  };
}

export function presentHelpCategory(row: HelpCategoryRow) {
  return { id: row.id, name: row.name, sort: row.sort };
}

export function presentAdminHelpArticle(row: HelpArticleRow) {
  return {
    id: row.id,
    categoryId: row.categoryId,
    title: row.title,
    content: row.content,
    status: row.status,
    sort: row.sort,
    createdAt: chinaDateTime(row.createdAt),
    updatedAt: chinaDateTime(row.updatedAt),
  };
}

export function presentPublicBanner(row: BannerRow) {
  return { id: row.id, title: row.title, subtitle: row.subtitle, image: row.image, link: row.link };
}

export function presentAdminBanner(row: BannerRow) {
  return { ...presentPublicBanner(row), sort: row.sort, status: row.status };
}

export function presentPublicMenuEntry(row: NavEntryRow) {
  return { id: row.id, name: row.name, path: row.path };
}

export function presentAdminMenuEntry(row: NavEntryRow) {
  return { ...presentPublicMenuEntry(row), sort: row.sort, visible: row.visible === 1 };
}

/** Limits are stored as JSON text; a damaged value shows as no limits rather than failing the page. */
function parseLimits(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function presentPublicVipSet(row: VipSetRow) {
  return {
    id: row.id,
    level: row.level,
    name: row.name,
    badge: row.badge,
    priceMonthFen: row.priceMonthFen,
    priceYearFen: row.priceYearFen,
    limits: parseLimits(row.limits),
    description: row.description,
  };
}

export function presentAdminVipSet(row: VipSetRow) {
  return { ...presentPublicVipSet(row), sort: row.sort, status: row.status };
}

export function presentPublicLabel(row: Pick<LabelRow, "id" | "name">) {
  return { id: row.id, name: row.name };
}

export function presentPublicFriendLink(row: Pick<FriendLinkRow, "id" | "name" | "url">) {
  return { id: row.id, name: row.name, url: row.url };
}

type Neighbour = Pick<NewsRow, "id" | "title">;

export function presentPublicNewsDetail(
  row: NewsRow,
  labelName: string,
  neighbours: { prev: Neighbour | undefined; next: Neighbour | undefined },
) {
  const link = (item: Neighbour | undefined) => (item ? { id: item.id, title: item.title } : null);
  return {
    ...presentPublicNews(row, labelName),
    content: row.content,
    prev: link(neighbours.prev),
    next: link(neighbours.next),
  };
}

export function presentHelpCategoryTree(
  category: HelpCategoryRow,
  articles: Pick<HelpArticleRow, "id" | "title">[],
) {
  return {
    id: category.id,
    name: category.name,
    articles: articles.map((article) => ({ id: article.id, title: article.title })),
  };
}

export function presentHelpArticleHit(
  row: Pick<HelpArticleRow, "id" | "categoryId" | "title">,
  categoryName: string,
  excerpt: string,
) {
  return { id: row.id, categoryId: row.categoryId, categoryName, title: row.title, excerpt };
}

export function presentPublicHelpArticle(
  row: Pick<HelpArticleRow, "id" | "categoryId" | "title" | "content" | "updatedAt">,
  categoryName: string,
) {
  return {
    id: row.id,
    categoryId: row.categoryId,
    categoryName,
    title: row.title,
    content: row.content,
    updateTime: chinaDateTime(row.updatedAt),
  };
}
