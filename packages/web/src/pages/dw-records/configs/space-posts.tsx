import type { SpacePost } from "@wjgj/core";
import { Tag } from "antd";
import { http } from "../../../api/request.ts";
import type { ScreenConfig } from "../screen-config.ts";

interface AdminSpacePost extends SpacePost {
  id: number;
  phone: string;
}

const statusNames: Record<SpacePost["status"], { label: string; color: string }> = {
  active: { label: "展示中", color: "green" },
  paused: { label: "发布者已暂停", color: "orange" },
  completed: { label: "已收满", color: "blue" },
  withdrawn: { label: "已撤回", color: "default" },
  removed: { label: "已下架", color: "red" },
};

/** 互填管理: posts of the answer space; 下架 takes one out (the poster gets the unspent points back). */
export const spacePostScreen: ScreenConfig<AdminSpacePost> = {
  title: "互填管理",
  testId: "admin-space-posts",
  listPath: "admin/space/list",
  unit: "条互填",
  filters: [
    { name: "keyword", label: "按问卷标题搜索", kind: "search" },
    {
      name: "status",
      label: "状态",
      kind: "select",
      options: Object.entries(statusNames).map(([value, { label }]) => ({ value, label })),
    },
  ],
  columns: [
    { key: "title", title: "问卷", render: (row) => row.title, width: 200, ellipsis: true },
    { key: "phone", title: "发布者", render: (row) => row.phone || "—" },
    { key: "reward", title: "每份积分", render: (row) => row.reward },
    { key: "answered", title: "已答/需要", render: (row) => `${row.answered}/${row.quota}` },
    {
      key: "status",
      title: "状态",
      render: (row) => <Tag color={statusNames[row.status].color}>{statusNames[row.status].label}</Tag>,
    },
    {
      key: "reason",
      title: "下架原因",
      render: (row) => row.removedReason || "—",
      width: 160,
      ellipsis: true,
    },
    { key: "createdAt", title: "发布时间", render: (row) => row.createdAt },
  ],
  actions: [
    {
      label: "下架",
      danger: true,
      visible: (row) => row.status === "active" || row.status === "paused",
      prompt: { title: "下架互填", label: "下架原因（发布者可见）", max: 200 },
      run: (row, reason) => http.post<null>("admin/space/takeDown", { id: row.id, reason }),
      done: "已下架，未发放的积分已退回发布者",
    },
  ],
  actionsWidth: 120,
};
