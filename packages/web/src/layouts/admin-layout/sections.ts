/**
 * The admin console's screens, in menu order: one list drives the side menu, the breadcrumbs and the
 * routes (routes.tsx), so a screen cannot appear in one and be missing from another.
 */
export interface AdminSection {
  /** Path under /dw/. */
  path: string;
  title: string;
  /** The side-menu group it sits in; top level when absent. */
  group?: string;
}

export const CONTENT_GROUP = "内容管理";

export const adminSections: readonly AdminSection[] = [
  { path: "admin/user", title: "用户管理" },
  { path: "survey", title: "问卷管理" },
  { path: "templates", title: "模板管理" },
  { path: "content/news", title: "资讯", group: CONTENT_GROUP },
  { path: "content/labels", title: "资讯标签", group: CONTENT_GROUP },
  { path: "content/hd", title: "活动专题", group: CONTENT_GROUP },
  { path: "content/help-categories", title: "帮助分类", group: CONTENT_GROUP },
  { path: "content/help-articles", title: "帮助文章", group: CONTENT_GROUP },
  { path: "content/banners", title: "轮播图", group: CONTENT_GROUP },
  { path: "content/menus", title: "导航菜单", group: CONTENT_GROUP },
  { path: "content/friend-links", title: "友情链接", group: CONTENT_GROUP },
  { path: "settings", title: "站点设置" },
  { path: "vip", title: "会员等级" },
  { path: "orders", title: "订单管理" },
  { path: "withdrawals", title: "提现管理" },
  { path: "invoices", title: "发票管理" },
  { path: "sample-orders", title: "样本订单" },
  { path: "space-posts", title: "互填管理" },
  { path: "sms", title: "短信发件箱" },
  { path: "leads", title: "线索" },
  { path: "audit", title: "操作日志" },
];

/** The section a /dw/ path belongs to (case-insensitive, like the router), or undefined. */
export function sectionOf(pathname: string): AdminSection | undefined {
  const rest = pathname.replace(/^\/dw\/?/i, "").toLowerCase();
  return adminSections.find(
    (section) => rest === section.path.toLowerCase() || rest.startsWith(`${section.path.toLowerCase()}/`),
  );
}
