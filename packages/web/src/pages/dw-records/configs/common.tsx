import { Tag } from "antd";
import type { PublishStatus, RecordEntity } from "../../../api/admin-records.ts";
import { useAdminOptions } from "../../../api/admin-records.ts";
import type { Choice, EditingSpec, FilterSpec } from "../screen-config.ts";

export const publishStatusChoices: readonly Choice[] = [
  { value: "published", label: "已发布" },
  { value: "draft", label: "草稿" },
];

export const statusFilter: FilterSpec = {
  name: "status",
  label: "状态",
  kind: "select",
  options: publishStatusChoices,
};

export const keywordFilter: FilterSpec = { name: "keyword", label: "搜索标题", kind: "search" };

export function PublishTag({ status }: { status: PublishStatus }) {
  return status === "published" ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>;
}

/** The name of a label or help category by id, from the (small, cached) list of them. */
export function RecordName({ entity, id }: { entity: RecordEntity; id: number | null }) {
  const query = useAdminOptions<{ id: number; name: string }>(entity);
  if (id === null) return <span className="wj-muted">—</span>;
  return <>{query.data?.list.find((item) => item.id === id)?.name ?? `#${id}`}</>;
}

/** An address shown as text, a link only when it is http(s) (stored addresses are checked, but still). */
export function UrlText({ url }: { url: string }) {
  if (!url) return <span className="wj-muted">—</span>;
  return /^https?:\/\//i.test(url) ? (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow">
      {url}
    </a>
  ) : (
    <span>{url}</span>
  );
}

export const sortField = {
  name: "sort",
  label: "排序",
  kind: "number",
  min: -9999,
  max: 9999,
  help: "数字越小越靠前",
} as const;

/** 名称 as most records are named. */
export const nameField = { name: "name", label: "名称", kind: "text", required: true, max: 32 } as const;

/** The form of a record that is only a 名称 and an 排序 (资讯标签, 帮助分类). */
export function nameSortEditing<Row>(entity: RecordEntity, noun: string): EditingSpec<Row> {
  return { entity, noun, fields: [nameField, sortField], defaults: { name: "", sort: 0 } };
}
