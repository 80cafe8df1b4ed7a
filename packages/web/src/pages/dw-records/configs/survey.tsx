import { Space, Tag, Typography } from "antd";
import { type AdminQuestionnaire, adminSiteApi } from "../../../api/admin-site.ts";
import type { ScreenConfig } from "../screen-config.ts";

function StateTags({ row }: { row: AdminQuestionnaire }) {
  return (
    <Space size={4} wrap>
      <Tag color={row.status === "published" ? "green" : row.status === "stopped" ? "orange" : undefined}>
        {row.statusName}
      </Tag>
      {row.takenDown ? <Tag color="red">已下架</Tag> : null}
      {row.deletedAt ? <Tag>回收站</Tag> : null}
      {row.takenDown ? (
        <Typography.Text
          type="secondary"
          className="wj-take-down-reason"
          ellipsis={{ tooltip: row.takenDownAt }}
        >
          原因：{row.takenDownReason}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** 问卷管理: every user's questionnaires; 下架 closes one to respondents with a notice, 恢复 lifts it. */
export const surveyScreen: ScreenConfig<AdminQuestionnaire> = {
  title: "问卷管理",
  testId: "admin-survey",
  listPath: "admin/questionnaire/list",
  unit: "份问卷",
  actionsWidth: 90,
  filters: [
    { name: "keyword", label: "搜索问卷标题", kind: "search" },
    { name: "ownerPhone", label: "创建者手机号", kind: "search", digits: true },
    {
      name: "status",
      label: "发布状态",
      kind: "select",
      options: [
        { value: "draft", label: "草稿" },
        { value: "published", label: "已发布" },
        { value: "stopped", label: "已暂停" },
      ],
    },
    {
      name: "takenDown",
      label: "是否下架",
      kind: "select",
      options: [
        { value: "true", label: "已下架" },
        { value: "false", label: "未下架" },
      ],
    },
  ],
  columns: [
    {
      key: "title",
      title: "问卷标题",
      width: 220,
      render: (row) => (
        <Typography.Link href={`/r/${row.publicId}`} target="_blank" rel="noopener noreferrer" ellipsis>
          {row.title}
        </Typography.Link>
      ),
    },
    { key: "kind", title: "类型", render: (row) => row.kindName },
    {
      key: "owner",
      title: "创建者",
      render: (row) => (
        <div className="wj-owner">
          <div>{row.owner.nickName || "—"}</div>
          <div className="wj-muted">{row.owner.phone}</div>
        </div>
      ),
    },
    { key: "state", title: "状态", width: 150, render: (row) => <StateTags row={row} /> },
    { key: "responses", title: "答卷", render: (row) => row.responseCount },
    // The date is enough in the list; the time is in the tooltip.
    {
      key: "createdAt",
      title: "创建日期",
      render: (row) => <span title={row.createdAt}>{row.createdAt.slice(0, 10)}</span>,
    },
  ],
  actions: [
    {
      label: "下架",
      danger: true,
      visible: (row) => !row.takenDown,
      prompt: {
        title: "下架问卷",
        label: "下架原因",
        max: 200,
        placeholder: "如：含有违规广告内容。答题者只会看到问卷已下架的提示，不会看到原因。",
      },
      run: (row, reason) => adminSiteApi.takeDown(row.id, reason),
      done: "已下架，答题者打开链接将看到下架提示",
    },
    {
      label: "恢复",
      visible: (row) => row.takenDown,
      confirm: (row) => `确定恢复「${row.title}」吗？恢复后将回到下架前的状态。`,
      run: (row) => adminSiteApi.restore(row.id),
      done: "已恢复",
    },
  ],
};
