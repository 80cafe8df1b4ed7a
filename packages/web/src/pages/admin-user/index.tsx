import { Input, Table, Typography } from "antd";
import { useEffect, useState } from "react";
import { useAdminUserList } from "../../api/admin.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { useUserColumns } from "./hooks/use-user-columns.ts";
import "./admin-user.css";

const PAGE_SIZE = 20;

/** /dw/admin/user: the admin console's user list. Non-admins get the permission box from the client. */
export function AdminUserPage() {
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [phone, setPhone] = useState("");
  const query = useAdminUserList({ pageNum, pageSize, phone });
  const showError = useApiError();
  const rows = query.data?.list ?? [];
  const columns = useUserColumns(rows);

  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  const handleSearch = (value: string) => {
    setPhone(value.trim());
    setPageNum(1);
  };

  return (
    <section className="wj-admin-users" data-testid="admin-user-page">
      <div className="wj-admin-users__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          用户管理
        </Typography.Title>
        <Input.Search
          allowClear
          placeholder="按手机号搜索"
          maxLength={11}
          onSearch={handleSearch}
          style={{ width: 260 }}
        />
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
    </section>
  );
}
