import type { ComponentType, ReactElement } from "react";
import { type RouteObject, redirect } from "react-router";
import { lazyPage } from "../../lib/lazy-page.tsx";
import { adminSections } from "./sections.ts";

type RecordsModule = typeof import("../../pages/dw-records/index.tsx");

// Each screen loads on demand (seed §9, lazyPage); the list screens share one chunk.

const records = (pick: (module: RecordsModule) => ComponentType) =>
  lazyPage(() => import("../../pages/dw-records/index.tsx"), pick);

const screens: Record<string, ReactElement> = {
  "admin/user": lazyPage(
    () => import("../../pages/admin-user/index.tsx"),
    (m) => m.AdminUserPage,
  ),
  survey: records((m) => m.DwSurveyPage),
  templates: lazyPage(
    () => import("../../pages/dw-templates/index.tsx"),
    (m) => m.DwTemplatesPage,
  ),
  "content/news": records((m) => m.DwNewsPage),
  "content/labels": records((m) => m.DwLabelsPage),
  "content/hd": records((m) => m.DwHdPage),
  "content/help-categories": records((m) => m.DwHelpCategoriesPage),
  "content/help-articles": records((m) => m.DwHelpArticlesPage),
  "content/banners": records((m) => m.DwBannersPage),
  "content/menus": records((m) => m.DwMenusPage),
  "content/friend-links": records((m) => m.DwFriendLinksPage),
  settings: lazyPage(
    () => import("../../pages/dw-settings/index.tsx"),
    (m) => m.DwSettingsPage,
  ),
  vip: records((m) => m.DwVipPage),
  orders: records((m) => m.DwOrdersPage),
  withdrawals: records((m) => m.DwWithdrawalsPage),
  invoices: records((m) => m.DwInvoicesPage),
  "sample-orders": records((m) => m.DwSampleOrdersPage),
  "space-posts": records((m) => m.DwSpacePostsPage),
  sms: records((m) => m.DwSmsPage),
  leads: records((m) => m.DwLeadsPage),
  audit: records((m) => m.DwAuditPage),
};

/** The children of /dw: one route per section (sections.ts), /dw itself opens 问卷管理. */
export const adminRoutes: RouteObject[] = [
  { index: true, loader: () => redirect("/dw/survey") },
  // Seed §2's highlight rule names /dw/user beside /dw/admin/user: the same screen.
  { path: "user", loader: () => redirect("/dw/admin/user") },
  ...adminSections.map((section) => ({
    path: section.path,
    handle: { name: `admin:${section.path}`, title: section.title },
    element: screens[section.path],
  })),
  {
    path: "*",
    handle: { title: "页面不存在" },
    loader: () => redirect("/dw/survey"),
  },
];
