import { Drawer, Table, Tag } from "antd";
import { useEffect } from "react";
import { type AdminUserRow, type UserSession, useUserSessions } from "../../../api/admin.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";

const columns = [
  { key: "createdAt", title: "登录时间", dataIndex: "createdAt" },
  { key: "ip", title: "IP", dataIndex: "ip" },
  { key: "userAgent", title: "设备", dataIndex: "userAgent", ellipsis: true, width: 240 },
  {
    key: "state",
    title: "状态",
    render: (_: unknown, row: UserSession) =>
      row.active ? <Tag color="green">有效</Tag> : <Tag>{row.revokedAt ? "已退出" : "已过期"}</Tag>,
  },
  { key: "expiresAt", title: "过期时间", dataIndex: "expiresAt" },
];

/** The account's login sessions, newest first (the token itself is never stored, let alone shown). */
export function SessionsDrawer({ row, onClose }: { row: AdminUserRow | null; onClose: () => void }) {
  const query = useUserSessions(row ? row.id : null);
  const showError = useApiError();
  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={`登录记录：${row?.phone || row?.nickName || ""}`}
      size="large"
    >
      <Table<UserSession>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        pagination={false}
        data-testid="sessions-table"
      />
    </Drawer>
  );
}
