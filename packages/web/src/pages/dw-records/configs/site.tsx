import { Tag } from "antd";
import type { ReactElement } from "react";
import type { AdminVipSet } from "../../../api/admin-records.ts";
import {
  type AdminFriendLink,
  type AdminLead,
  type AuditLog,
  adminSiteApi,
  type SmsMessage,
} from "../../../api/admin-site.ts";
import { yuanText } from "../lib/form-values.ts";
import type { ScreenConfig } from "../screen-config.ts";
import { nameField, PublishTag, sortField, UrlText } from "./common.tsx";

export const vipScreen: ScreenConfig<AdminVipSet> = {
  title: "会员等级",
  testId: "admin-vip",
  listPath: "admin/vipSet/list",
  unit: "个等级",
  columns: [
    {
      key: "level",
      title: "等级",
      render: (row) => (row.level === 0 ? "个人版（免费）" : `VIP ${row.level}`),
    },
    { key: "name", title: "名称", render: (row) => row.name },
    { key: "badge", title: "徽章", render: (row) => (row.badge ? <Tag color="gold">{row.badge}</Tag> : "—") },
    { key: "month", title: "月价", render: (row) => yuanText(row.priceMonthFen) },
    { key: "year", title: "年价", render: (row) => yuanText(row.priceYearFen) },
    { key: "status", title: "状态", render: (row) => <PublishTag status={row.status} /> },
  ],
  editing: {
    entity: "vipSet",
    noun: "会员等级",
    fields: [
      // Level 0 (个人版) only sets the free limits: its prices stay 0 and it is never sold.
      { name: "level", label: "等级（0为个人版，1-3）", kind: "number", required: true, min: 0, max: 3 },
      nameField,
      { name: "badge", label: "徽章文字", kind: "text", max: 32, placeholder: "如：推荐" },
      { name: "priceMonthFen", label: "月价（元，0为不按月销售）", kind: "yuan", required: true },
      { name: "priceYearFen", label: "年价（元，0为不按年销售）", kind: "yuan", required: true },
      { name: "limits", label: "权益限制", kind: "limits" },
      { name: "description", label: "说明", kind: "textarea", max: 500 },
      sortField,
      { name: "status", label: "状态", kind: "status", required: true },
    ],
    defaults: {
      level: null,
      name: "",
      badge: "",
      priceMonthFen: null,
      priceYearFen: null,
      limits: {
        questionnaires: 50,
        responsesPerQuestionnaire: 5000,
        uploadSpaceMb: 2048,
        exportAttachments: true,
        removeBrand: false,
        customRedirect: true,
        teamMembers: 10,
        crossAnalysis: true,
      },
      description: "",
      sort: 0,
      status: "published",
    },
  },
};

const friendLinkStatus: Record<AdminFriendLink["status"], ReactElement> = {
  pending: <Tag color="orange">待审核</Tag>,
  approved: <Tag color="green">已通过</Tag>,
  rejected: <Tag>已拒绝</Tag>,
};

export const friendLinkScreen: ScreenConfig<AdminFriendLink> = {
  title: "友情链接",
  testId: "admin-friend-links",
  listPath: "admin/friendLink/list",
  unit: "条申请",
  filters: [
    {
      name: "status",
      label: "审核状态",
      kind: "select",
      options: [
        { value: "pending", label: "待审核" },
        { value: "approved", label: "已通过" },
        { value: "rejected", label: "已拒绝" },
      ],
    },
  ],
  columns: [
    { key: "name", title: "网站名称", render: (row) => row.name },
    { key: "url", title: "网站地址", render: (row) => <UrlText url={row.url} /> },
    { key: "contact", title: "联系方式", render: (row) => row.contact },
    { key: "status", title: "状态", render: (row) => friendLinkStatus[row.status] },
    { key: "createdAt", title: "申请时间", render: (row) => row.createdAt },
    { key: "reviewedAt", title: "审核时间", render: (row) => row.reviewedAt || "—" },
  ],
  actions: [
    {
      label: "通过",
      visible: (row) => row.status !== "approved",
      run: (row) => adminSiteApi.reviewFriendLink(row.id, "approve"),
      done: "已通过，链接将显示在网站页脚",
    },
    {
      label: "拒绝",
      danger: true,
      visible: (row) => row.status !== "rejected",
      confirm: (row) => `确定拒绝「${row.name}」的友情链接申请吗？`,
      run: (row) => adminSiteApi.reviewFriendLink(row.id, "reject"),
      done: "已拒绝",
    },
  ],
};

const leadKinds: Record<AdminLead["kind"], string> = { service: "样本服务", contact: "联系我们" };

export const leadScreen: ScreenConfig<AdminLead> = {
  title: "线索",
  testId: "admin-leads",
  listPath: "admin/lead/list",
  unit: "条线索",
  filters: [
    {
      name: "kind",
      label: "来源",
      kind: "select",
      options: [
        { value: "service", label: "样本服务" },
        { value: "contact", label: "联系我们" },
      ],
    },
    {
      name: "status",
      label: "处理状态",
      kind: "select",
      options: [
        { value: "new", label: "待处理" },
        { value: "handled", label: "已处理" },
      ],
    },
  ],
  columns: [
    { key: "kind", title: "来源", render: (row) => leadKinds[row.kind] },
    { key: "name", title: "姓名", render: (row) => row.name },
    { key: "phone", title: "手机号", render: (row) => row.phone },
    { key: "company", title: "公司", render: (row) => row.company || "—" },
    { key: "email", title: "邮箱", render: (row) => row.email || "—" },
    { key: "content", title: "内容", render: (row) => row.content || "—", width: 260, ellipsis: true },
    {
      key: "status",
      title: "状态",
      render: (row) =>
        row.status === "new" ? <Tag color="orange">待处理</Tag> : <Tag color="green">已处理</Tag>,
    },
    { key: "createdAt", title: "提交时间", render: (row) => row.createdAt },
  ],
  actions: [
    {
      label: "标记已处理",
      visible: (row) => row.status === "new",
      run: (row) => adminSiteApi.handleLead(row.id),
      done: "已标记为已处理",
    },
  ],
};

const smsPurposes: Record<string, string> = { login: "登录", bind: "绑定手机号" };

export const smsScreen: ScreenConfig<SmsMessage> = {
  title: "短信发件箱",
  testId: "admin-sms",
  listPath: "admin/sms/getOutboxList",
  unit: "条短信",
  filters: [{ name: "phone", label: "按手机号搜索", kind: "search", digits: true }],
  columns: [
    { key: "phone", title: "手机号", render: (row) => row.phone },
    { key: "purpose", title: "用途", render: (row) => smsPurposes[row.purpose] ?? row.purpose },
    { key: "content", title: "内容", render: (row) => row.content, width: 360, ellipsis: true },
    {
      key: "provider",
      title: "通道",
      render: (row) => (row.provider === "console" ? "控制台（未真实发送）" : row.provider),
    },
    { key: "createdAt", title: "发送时间", render: (row) => row.createdAt },
  ],
};

export { auditScreen } from "./audit.tsx";
export type { AuditLog };
