import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminKeys, type Page } from "./admin.ts";
import { http, type Params } from "./request.ts";

/** The content kinds behind `admin/<entity>/list|save|delete` (server routes/admin/crud.ts). */
export type RecordEntity =
  | "news"
  | "hd"
  | "label"
  | "helpCategory"
  | "helpArticle"
  | "banner"
  | "menu"
  | "vipSet";

export type PublishStatus = "draft" | "published";

/** A /hd topic page; the linked ids are edited as one comma-separated box each. */
export interface AdminHd {
  id: number;
  slug: string;
  title: string;
  summary: string;
  banner: string;
  /** Sanitised rich text. */
  content: string;
  templateIds: string;
  questionnaireIds: string;
  ctaText: string;
  ctaUrl: string;
  status: PublishStatus;
  updatedAt: string;
}

export interface AdminNews {
  id: number;
  title: string;
  summary: string;
  cover: string;
  /** Sanitised rich text. */
  content: string;
  labelId: number | null;
  status: PublishStatus;
  /** `YYYY-MM-DD HH:mm:ss`, China time; a future time keeps a published item off the site until then. */
  publishAt: string;
  views: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminLabel {
  id: number;
  name: string;
  sort: number;
}

export type AdminHelpCategory = AdminLabel;

export interface AdminHelpArticle {
  id: number;
  categoryId: number;
  title: string;
  content: string;
  status: PublishStatus;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminBanner {
  id: number;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sort: number;
  status: PublishStatus;
}

export interface AdminMenuEntry {
  id: number;
  name: string;
  path: string;
  sort: number;
  visible: boolean;
}

export interface AdminVipSet {
  id: number;
  level: number;
  name: string;
  badge: string;
  priceMonthFen: number;
  priceYearFen: number;
  /** By feature name; -1 means unlimited. */
  limits: Record<string, number | boolean | string>;
  description: string;
  sort: number;
  status: PublishStatus;
}

/** Any paged list call of the console; `query` values that are "" or undefined are left out. */
export function fetchAdminPage<T>(path: string, query: Params): Promise<Page<T>> {
  const params: Params = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== "" && value !== undefined && value !== null) params[key] = value;
  }
  return http.get<Page<T>>(path, params);
}

export const adminRecordsApi = {
  list: <T>(entity: RecordEntity, query: Params) => fetchAdminPage<T>(`admin/${entity}/list`, query),
  /** Creates without `id`, replaces the stored record with one. */
  save: <T>(entity: RecordEntity, params: Params) => http.post<T>(`admin/${entity}/save`, params),
  remove: (entity: RecordEntity, id: number) => http.post<null>(`admin/${entity}/delete`, { id }),
};

export function useAdminPage<T>(path: string, query: Params) {
  return useQuery({
    queryKey: adminKeys.list(path, query),
    queryFn: () => fetchAdminPage<T>(path, query),
    placeholderData: keepPreviousData,
  });
}

/** Every record of a small list (labels, help categories) for a form's choices. */
export function useAdminOptions<T extends { id: number }>(entity: RecordEntity, enabled = true) {
  const query = { pageNum: 1, pageSize: 100 };
  return useQuery({
    queryKey: adminKeys.list(`admin/${entity}/list`, query),
    queryFn: () => adminRecordsApi.list<T>(entity, query),
    enabled,
  });
}
