import type { Generated, Selectable } from "kysely";

/** Publishing state shared by news, help articles and banners. */
export type PublishStatus = "draft" | "published";

export interface LabelsTable {
  id: Generated<number>;
  name: string;
  sort: number;
  createdAt: string;
}

/** News items; `content` is sanitised HTML. Shown on the site when published and `publishAt` has passed. */
export interface NewsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  cover: string;
  content: string;
  labelId: number | null;
  status: PublishStatus;
  publishAt: string;
  views: number;
  createdBy: number;
  createdAt: string;
  updatedAt: string;
}

export interface HelpCategoriesTable {
  id: Generated<number>;
  name: string;
  sort: number;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  categoryId: number;
  title: string;
  /** Sanitised HTML. */
  content: string;
  /** `content` without markup, kept in step on every save for search and excerpts. */
  plainText: string;
  status: PublishStatus;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sort: number;
  status: PublishStatus;
}

/** Entries of the site's main menu (`navigation/getNavigationOneList`). */
export interface NavEntriesTable {
  id: Generated<number>;
  name: string;
  path: string;
  sort: number;
  visible: number;
}

export type FriendLinkStatus = "pending" | "approved" | "rejected";

/** 友情链接: requested by anyone through `navigation/addNavigationLink`, shown once an admin approves. */
export interface FriendLinksTable {
  id: Generated<number>;
  name: string;
  url: string;
  contact: string;
  status: FriendLinkStatus;
  ip: string;
  createdAt: string;
  reviewedAt: string | null;
}

export type LeadKind = "service" | "contact";
export type LeadStatus = "new" | "handled";

/** Requests from the sample-service and contact forms. */
export interface LeadsTable {
  id: Generated<number>;
  kind: LeadKind;
  name: string;
  phone: string;
  company: string;
  email: string;
  content: string;
  status: LeadStatus;
  ip: string;
  createdAt: string;
  handledAt: string | null;
}

/** Membership levels (`vipSet`); prices in fen. Level 0's row, when present, overrides the free limits. */
export interface VipSetsTable {
  id: Generated<number>;
  level: number;
  name: string;
  badge: string;
  /** 0 means the level cannot be bought by the month (or by the year, for priceYearFen). */
  priceMonthFen: number;
  priceYearFen: number;
  /** JSON: feature limits, e.g. {"responsesPerQuestionnaire": 10000}. */
  limits: string;
  description: string;
  sort: number;
  status: PublishStatus;
}

/** Every admin change: who, what, when, before and after (JSON). */
export interface AuditLogsTable {
  id: Generated<number>;
  adminId: number;
  action: string;
  entity: string;
  entityId: string;
  before: string | null;
  after: string | null;
  createdAt: string;
}

export type LabelRow = Selectable<LabelsTable>;
export type NewsRow = Selectable<NewsTable>;
export type HelpCategoryRow = Selectable<HelpCategoriesTable>;
export type HelpArticleRow = Selectable<HelpArticlesTable>;
export type BannerRow = Selectable<BannersTable>;
export type NavEntryRow = Selectable<NavEntriesTable>;
export type FriendLinkRow = Selectable<FriendLinksTable>;
export type LeadRow = Selectable<LeadsTable>;
export type VipSetRow = Selectable<VipSetsTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
