import { Input, Table, type TableColumnsType, Typography } from "antd";
import { useEffect, useMemo, useState } from "react";
import { type AdminUserRow, useAdminUserList } from "../../api/admin.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { SessionsDrawer } from "./components/sessions-drawer.tsx";
import { UserActions } from "./components/user-actions.tsx";
import { VipDialog } from "./components/vip-dialog.tsx";
import { useUserColumns } from "./hooks/use-user-columns.ts";
import "./admin-user.css";

const PAGE_SIZE = 20;

/** /dw/admin/user: the admin console's user list. Non-admins get the permission box from the client. */
export function AdminUserPage() {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [phone, setPhone] = useState("");
  const [nickName, setNickName] = useState("");
  const [vipFor, setVipFor] = useState<AdminUserRow | null>(null);
  const [sessionsFor, setSessionsFor] = useState<AdminUserRow | null>(null);
  const query = useAdminUserList({ pageNum, pageSize, phone, nickName });
  const showError = useApiError();
  const rows = query.data?.list ?? [];
  const dataColumns = useUserColumns(rows);
  const columns = useMemo<TableColumnsType<AdminUserRow>>(
    () => [
      ...dataColumns,
      {
        key: "actions",
        title: "操作",
        fixed: "right",
        width: 260,
        render: (_value: unknown, row: AdminUserRow) => (
          <UserActions row={row} onVip={setVipFor} onSessions={setSessionsFor} />
        ),
      },
    ],
    [dataColumns],
  );

  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  const handleSearch = (set: (value: string) => void) => (value: string) => {
    set(value.trim());
    setPageNum(1);
  };

  return (
    <section className="wj-admin-users" data-testid="admin-user-page">
      <div className="wj-admin-users__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          用户管理
        </Typography.Title>
        <div className="wj-admin-users__search">
          <Input.Search
            allowClear
            placeholder="按手机号搜索"
            maxLength={11}
            onSearch={handleSearch(setPhone)}
            style={{ width: 220 }}
          />
          <Input.Search
            allowClear
            placeholder="按昵称搜索"
            maxLength={20}
            onSearch={handleSearch(setNickName)}
            style={{ width: 220 }}
          />
        </div>
      </div>
      <Table
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: "max-content" }}
        pagination={{
          current: pageNum,
          pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 位用户`,
          onChange: (page, size) => {
            setPageNum(size === pageSize ? page : 1);
            setPageSize(size);
          },
        }}
      />
      <VipDialog row={vipFor} onClose={() => setVipFor(null)} />
      <SessionsDrawer row={sessionsFor} onClose={() => setSessionsFor(null)} />
    </section>
  );
}
