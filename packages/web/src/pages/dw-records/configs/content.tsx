import dayjs from "dayjs";
import type {
  AdminBanner,
  AdminHelpArticle,
  AdminHelpCategory,
  AdminLabel,
  AdminMenuEntry,
  AdminNews,
} from "../../../api/admin-records.ts";
import type { ScreenConfig } from "../screen-config.ts";
import {
  keywordFilter,
  nameField,
  nameSortEditing,
  PublishTag,
  RecordName,
  sortField,
  statusFilter,
  UrlText,
} from "./common.tsx";

function NewsStatus({ row }: { row: AdminNews }) {
  // A published item with a future time waits for it before it shows on the site.
  if (row.status === "published" && dayjs(row.publishAt.replace(" ", "T")).isAfter(dayjs())) {
    return <span className="wj-tag-scheduled">定时发布</span>;
  }
  return <PublishTag status={row.status} />;
}

export const newsScreen: ScreenConfig<AdminNews> = {
  title: "资讯",
  testId: "admin-news",
  listPath: "admin/news/list",
  unit: "条资讯",
  filters: [keywordFilter, statusFilter],
  columns: [
    { key: "title", title: "标题", render: (row) => row.title, width: 280, ellipsis: true },
    { key: "label", title: "标签", render: (row) => <RecordName entity="label" id={row.labelId} /> },
    { key: "status", title: "状态", render: (row) => <NewsStatus row={row} /> },
    { key: "publishAt", title: "发布时间", render: (row) => row.publishAt },
    { key: "views", title: "阅读", render: (row) => row.views },
  ],
  editing: {
    entity: "news",
    noun: "资讯",
    wide: true,
    fields: [
      { name: "title", label: "标题", kind: "text", required: true, max: 120 },
      { name: "summary", label: "摘要", kind: "textarea", max: 300, help: "留空时取正文开头作为摘要" },
      { name: "cover", label: "封面图地址", kind: "url" },
      { name: "labelId", label: "标签", kind: "select", optionsFrom: "label" },
      { name: "content", label: "正文", kind: "richText", required: true },
      { name: "status", label: "状态", kind: "status", required: true },
      {
        name: "publishAt",
        label: "发布时间",
        kind: "datetime",
        help: "留空为立即发布；选择将来的时间则到时自动上线",
      },
    ],
    defaults: {
      title: "",
      summary: "",
      cover: "",
      labelId: null,
      content: "",
      status: "draft",
      publishAt: "",
    },
  },
};

export const labelScreen: ScreenConfig<AdminLabel> = {
  title: "资讯标签",
  testId: "admin-labels",
  listPath: "admin/label/list",
  unit: "个标签",
  columns: [
    { key: "name", title: "名称", render: (row) => row.name },
    { key: "sort", title: "排序", render: (row) => row.sort },
  ],
  editing: nameSortEditing("label", "标签"),
};

export const helpCategoryScreen: ScreenConfig<AdminHelpCategory> = {
  title: "帮助分类",
  testId: "admin-help-categories",
  listPath: "admin/helpCategory/list",
  unit: "个分类",
  columns: labelScreen.columns,
  editing: nameSortEditing("helpCategory", "分类"),
};

export const helpArticleScreen: ScreenConfig<AdminHelpArticle> = {
  title: "帮助文章",
  testId: "admin-help-articles",
  listPath: "admin/helpArticle/list",
  unit: "篇文章",
  filters: [keywordFilter, statusFilter],
  columns: [
    { key: "title", title: "标题", render: (row) => row.title, width: 280, ellipsis: true },
    {
      key: "category",
      title: "分类",
      render: (row) => <RecordName entity="helpCategory" id={row.categoryId} />,
    },
    { key: "status", title: "状态", render: (row) => <PublishTag status={row.status} /> },
    { key: "sort", title: "排序", render: (row) => row.sort },
    { key: "updatedAt", title: "更新时间", render: (row) => row.updatedAt },
  ],
  editing: {
    entity: "helpArticle",
    noun: "文章",
    wide: true,
    fields: [
      { name: "categoryId", label: "分类", kind: "select", optionsFrom: "helpCategory", required: true },
      { name: "title", label: "标题", kind: "text", required: true, max: 120 },
      { name: "content", label: "正文", kind: "richText", required: true },
      { name: "status", label: "状态", kind: "status", required: true },
      sortField,
    ],
    defaults: { categoryId: null, title: "", content: "", status: "published", sort: 0 },
  },
};

export const bannerScreen: ScreenConfig<AdminBanner> = {
  title: "轮播图",
  testId: "admin-banners",
  listPath: "admin/banner/list",
  unit: "张轮播图",
  columns: [
    {
      key: "image",
      title: "图片",
      render: (row) =>
        row.image ? (
          <img className="wj-admin-thumb" src={row.image} alt={row.title} />
        ) : (
          <span className="wj-muted">—</span>
        ),
    },
    { key: "title", title: "标题", render: (row) => row.title, width: 200, ellipsis: true },
    { key: "link", title: "链接", render: (row) => <UrlText url={row.link} /> },
    { key: "sort", title: "排序", render: (row) => row.sort },
    { key: "status", title: "状态", render: (row) => <PublishTag status={row.status} /> },
  ],
  editing: {
    entity: "banner",
    noun: "轮播图",
    fields: [
      { name: "title", label: "标题", kind: "text", required: true, max: 60 },
      { name: "subtitle", label: "副标题", kind: "text", max: 120 },
      { name: "image", label: "图片地址", kind: "url" },
      { name: "link", label: "链接地址", kind: "url", help: "点击轮播图后打开的地址" },
      sortField,
      { name: "status", label: "状态", kind: "status", required: true },
    ],
    defaults: { title: "", subtitle: "", image: "", link: "", sort: 0, status: "published" },
  },
};

export const menuScreen: ScreenConfig<AdminMenuEntry> = {
  title: "导航菜单",
  testId: "admin-menus",
  listPath: "admin/menu/list",
  unit: "个菜单",
  columns: [
    { key: "name", title: "名称", render: (row) => row.name },
    { key: "path", title: "地址", render: (row) => <UrlText url={row.path} /> },
    { key: "sort", title: "排序", render: (row) => row.sort },
    { key: "visible", title: "显示", render: (row) => (row.visible ? "显示" : "隐藏") },
  ],
  editing: {
    entity: "menu",
    noun: "菜单",
    fields: [
      nameField,
      {
        name: "path",
        label: "地址",
        kind: "url",
        required: true,
        max: 200,
        placeholder: "/website/… 或 https://…",
      },
      sortField,
      { name: "visible", label: "在网站导航中显示", kind: "switch" },
    ],
    defaults: { name: "", path: "", sort: 0, visible: true },
  },
};
