import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN, apiLogin } from "./accounts.ts";

/** Helpers of the admin-console journeys (admin*.spec.ts, stored-xss.spec.ts). */

/** A template as the console and the review calls answer it (the fields the journeys read). */
export interface TemplateCard {
  id: number;
  title: string;
  reviewState: string;
  visibility: string;
}

/** The console's screens as its side menu names them (layouts/admin-layout/sections.ts). */
export const adminScreens = [
  { path: "admin/user", menu: "用户管理", testId: "admin-user-page" },
  { path: "survey", menu: "问卷管理", testId: "admin-survey" },
  { path: "templates", menu: "模板管理", testId: "admin-templates-page" },
  { path: "content/news", menu: "资讯", testId: "admin-news" },
  { path: "content/labels", menu: "资讯标签", testId: "admin-labels" },
  { path: "content/hd", menu: "活动专题", testId: "admin-hd" },
  { path: "content/help-categories", menu: "帮助分类", testId: "admin-help-categories" },
  { path: "content/help-articles", menu: "帮助文章", testId: "admin-help-articles" },
  { path: "content/banners", menu: "轮播图", testId: "admin-banners" },
  { path: "content/menus", menu: "导航菜单", testId: "admin-menus" },
  { path: "content/friend-links", menu: "友情链接", testId: "admin-friend-links" },
  { path: "settings", menu: "站点设置", testId: "admin-settings" },
  { path: "vip", menu: "会员等级", testId: "admin-vip" },
  { path: "orders", menu: "订单管理", testId: "admin-orders" },
  { path: "withdrawals", menu: "提现管理", testId: "admin-withdrawals" },
  { path: "invoices", menu: "发票管理", testId: "admin-invoices" },
  { path: "sample-orders", menu: "样本订单", testId: "admin-sample-orders" },
  { path: "space-posts", menu: "互填管理", testId: "admin-space-posts" },
  { path: "sms", menu: "短信发件箱", testId: "admin-sms" },
  { path: "leads", menu: "线索", testId: "admin-leads" },
  { path: "audit", menu: "操作日志", testId: "admin-audit" },
] as const;

let adminToken: string | null = null;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** An admin call through the API; expects success unless `expectCode` says otherwise. */
export async function adminCall<T = unknown>(
  request: APIRequestContext,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string | number | boolean>,
  options: { json?: unknown; expectCode?: number } = {},
): Promise<T> {
  adminToken ??= (await apiLogin(request, ADMIN)).token;
  const response = await request.fetch(`/wjgj/api/${path}`, {
    method,
    headers: { token: adminToken },
    ...(options.json !== undefined
      ? { data: options.json }
      : method === "GET"
        ? { params: { pageNum: 1, pageSize: 100, ...params } }
        : { form: params }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${path}: ${body.msg}`).toBe(options.expectCode ?? 200);
  return body.data;
}
