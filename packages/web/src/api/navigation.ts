import { useMutation, useQuery } from "@tanstack/react-query";
import type { FooterInfo } from "@wjgj/core";
import { limits } from "@wjgj/core";
import { http } from "./request.ts";

/** One page of a list answer (`{ list, total, pageNum, pageSize }`). */
export interface PageOf<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface NewsLabel {
  id: number;
  name: string;
}

export interface NewsItem {
  id: number;
  title: string;
  summary: string;
  cover: string;
  labelId: number | null;
  labelName: string;
  /** `YYYY-MM-DD HH:mm:ss`, China time. */
  publishTime: string;
  views: number;
}

export interface NewsNeighbour {
  id: number;
  title: string;
}

export interface NewsDetail extends NewsItem {
  /** Rich text, sanitised by the server against an allow-list. */
  content: string;
  prev: NewsNeighbour | null;
  next: NewsNeighbour | null;
}

export interface NewsListQuery {
  /** Kept as text (seed §3); "" means 全部. */
  labelId: string;
  pageNum: number;
  pageSize: number;
}

export interface HelpCategory {
  id: number;
  name: string;
  articles: { id: number; title: string }[];
}

export interface HelpArticleHit {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  excerpt: string;
}

export interface HelpArticle {
  id: number;
  categoryId: number;
  categoryName: string;
  title: string;
  /** Rich text, sanitised by the server against an allow-list. */
  content: string;
  updateTime: string;
}

export interface VipSet {
  id: number;
  level: number;
  name: string;
  badge: string;
  /** 0 when the level is not sold by that period. */
  priceMonthFen: number;
  priceYearFen: number;
  /** Feature limits; a number -1 means unlimited. */
  limits: Record<string, unknown>;
  description: string;
}

export interface ContactInfo {
  address: string;
  phone: string;
  email: string;
  workTime: string;
}

export type LeadKind = "service" | "contact";

/** An approved 友情链接 shown in the site footer. */
export interface FriendLink {
  id: number;
  name: string;
  url: string;
}

export interface LeadInput {
  kind: LeadKind;
  name: string;
  phone: string;
  company?: string;
  email?: string;
  content?: string;
}

/** Client of the `navigation` module (public site). */
export const navigationApi = {
  getFooterInfo: () => http.get<FooterInfo>("navigation/getFooterInfo"),
  getFriendLinkList: () => http.get<FriendLink[]>("navigation/getFriendLinkList"),
  getLableList: () => http.get<NewsLabel[]>("navigation/getLableList"),
  getNavigationNewsList: (query: NewsListQuery) =>
    http.get<PageOf<NewsItem>>("navigation/getNavigationNewsList", { ...query }),
  getNavigationNewsDetail: (id: number) =>
    http.get<NewsDetail>("navigation/getNavigationNewsDetail", { id }, { silent: true }),
  getHelpCategoryList: () => http.get<HelpCategory[]>("navigation/getHelpCategoryList"),
  getHelpArticleList: (keyword: string) =>
    http.get<PageOf<HelpArticleHit>>("navigation/getHelpArticleList", {
      keyword,
      pageNum: 1,
      pageSize: limits.pageSizeMax,
    }),
  getHelpArticleDetail: (id: number) =>
    http.get<HelpArticle>("navigation/getHelpArticleDetail", { id }, { silent: true }),
  getContactInfo: () => http.get<ContactInfo>("navigation/getContactInfo"),
  /** The open API's OpenAPI 3.1 document, for the site's 开放接口文档. */
  getOpenApiDoc: () => http.get<OpenApiDocument>("navigation/getOpenApiDoc"),
  addLead: (lead: LeadInput) => http.post<null>("navigation/addLead", { ...lead }),
  getVipSetList: () => http.get<VipSet[]>("vipSet/getVipSetList"),
};

export const navigationKeys = {
  all: ["navigation"] as const,
  footer: () => [...navigationKeys.all, "footer"] as const,
  friendLinks: () => [...navigationKeys.all, "friendLinks"] as const,
  labels: () => [...navigationKeys.all, "labels"] as const,
  newsList: (query: NewsListQuery) => [...navigationKeys.all, "news", "list", query] as const,
  newsDetail: (id: number) => [...navigationKeys.all, "news", "detail", id] as const,
  helpCategories: () => [...navigationKeys.all, "help", "categories"] as const,
  helpSearch: (keyword: string) => [...navigationKeys.all, "help", "search", keyword] as const,
  helpArticle: (id: number) => [...navigationKeys.all, "help", "article", id] as const,
  contact: () => [...navigationKeys.all, "contact"] as const,
  openApiDoc: () => [...navigationKeys.all, "openApiDoc"] as const,
  vipSets: () => ["vipSet", "list"] as const,
};

export function useFooterInfo() {
  // Site settings change rarely; one fetch per page load is enough.
  return useQuery({
    queryKey: navigationKeys.footer(),
    queryFn: navigationApi.getFooterInfo,
    staleTime: Infinity,
  });
}

export function useFriendLinks() {
  return useQuery({
    queryKey: navigationKeys.friendLinks(),
    queryFn: navigationApi.getFriendLinkList,
    staleTime: 300_000,
  });
}

export function useNewsLabels() {
  return useQuery({
    queryKey: navigationKeys.labels(),
    queryFn: navigationApi.getLableList,
    staleTime: 300_000,
  });
}

export function useNewsList(query: NewsListQuery) {
  return useQuery({
    queryKey: navigationKeys.newsList(query),
    queryFn: () => navigationApi.getNavigationNewsList(query),
    // Keep the previous page on screen while the next one loads, so paging does not flash empty.
    placeholderData: (previous) => previous,
  });
}

export function useNewsDetail(id: number | null) {
  return useQuery({
    queryKey: navigationKeys.newsDetail(id ?? 0),
    queryFn: () => navigationApi.getNavigationNewsDetail(id ?? 0),
    enabled: id !== null,
    // A 404 is an answer, not a glitch worth retrying.
    retry: false,
  });
}

/** Just what the 开放接口文档 page reads of the OpenAPI document. */
export interface OpenApiDocument {
  info: { title: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  $ref?: string;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  "x-scope": string;
  parameters: { name: string; in: string; required: boolean; description?: string; schema: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export function useOpenApiDoc() {
  return useQuery({
    queryKey: navigationKeys.openApiDoc(),
    queryFn: navigationApi.getOpenApiDoc,
    staleTime: 300_000,
  });
}

export function useHelpCategories() {
  return useQuery({
    queryKey: navigationKeys.helpCategories(),
    queryFn: navigationApi.getHelpCategoryList,
    staleTime: 300_000,
  });
}

export function useHelpSearch(keyword: string) {
  return useQuery({
    queryKey: navigationKeys.helpSearch(keyword),
    queryFn: () => navigationApi.getHelpArticleList(keyword),
    enabled: keyword !== "",
  });
}

export function useHelpArticle(id: number | null) {
  return useQuery({
    queryKey: navigationKeys.helpArticle(id ?? 0),
    queryFn: () => navigationApi.getHelpArticleDetail(id ?? 0),
    enabled: id !== null,
    retry: false,
  });
}

export function useContactInfo() {
  return useQuery({
    queryKey: navigationKeys.contact(),
    queryFn: navigationApi.getContactInfo,
    staleTime: Infinity,
  });
}

export function useVipSets() {
  return useQuery({
    queryKey: navigationKeys.vipSets(),
    queryFn: navigationApi.getVipSetList,
    staleTime: 300_000,
  });
}

export function useAddLeadMutation() {
  return useMutation({ mutationFn: (lead: LeadInput) => navigationApi.addLead(lead) });
}
