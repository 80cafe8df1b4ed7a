import type { AdminHd } from "../../../api/admin-records.ts";
import type { ScreenConfig } from "../screen-config.ts";
import { keywordFilter, PublishTag, statusFilter } from "./common.tsx";

/** /dw/content/hd: the /hd topic pages (活动专题). */
export const hdScreen: ScreenConfig<AdminHd> = {
  title: "活动专题",
  testId: "admin-hd",
  listPath: "admin/hd/list",
  unit: "个活动页",
  filters: [keywordFilter, statusFilter],
  columns: [
    { key: "title", title: "标题", render: (row) => row.title, width: 240, ellipsis: true },
    {
      key: "slug",
      title: "页面地址",
      render: (row) =>
        row.status === "published" ? (
          <a href={`/hd/${row.slug}`} target="_blank" rel="noreferrer">
            /hd/{row.slug}
          </a>
        ) : (
          `/hd/${row.slug}`
        ),
    },
    { key: "status", title: "状态", render: (row) => <PublishTag status={row.status} /> },
    { key: "updatedAt", title: "更新时间", render: (row) => row.updatedAt },
  ],
  editing: {
    entity: "hd",
    noun: "活动页",
    wide: true,
    fields: [
      {
        name: "slug",
        label: "页面标识",
        kind: "text",
        required: true,
        max: 64,
        help: "小写字母、数字或短横线，页面地址为 /hd/页面标识",
      },
      { name: "title", label: "标题", kind: "text", required: true, max: 120 },
      { name: "summary", label: "页面描述", kind: "textarea", max: 300, help: "搜索结果与分享卡片中显示" },
      { name: "banner", label: "横幅图片地址", kind: "url" },
      { name: "content", label: "正文", kind: "richText", required: true },
      {
        name: "templateIds",
        label: "关联模板编号",
        kind: "text",
        max: 400,
        help: "公开模板的编号，多个用逗号分隔",
      },
      {
        name: "questionnaireIds",
        label: "关联问卷链接编号",
        kind: "text",
        max: 400,
        help: "已发布问卷链接 /r/ 后的编号，多个用逗号分隔",
      },
      { name: "ctaText", label: "按钮文字", kind: "text", max: 20, help: "例如：立即免费创建问卷" },
      { name: "ctaUrl", label: "按钮链接", kind: "url" },
      { name: "status", label: "状态", kind: "status", required: true },
    ],
    defaults: {
      slug: "",
      title: "",
      summary: "",
      banner: "",
      content: "",
      templateIds: "",
      questionnaireIds: "",
      ctaText: "",
      ctaUrl: "",
      status: "draft",
    },
  },
};
