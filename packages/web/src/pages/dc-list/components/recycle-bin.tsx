import { DeleteOutlined, RollbackOutlined } from "@ant-design/icons";
import type { QuestionarySummary } from "@wjgj/core";
import { Button, Empty, Space, Table, type TableColumnsType, Typography } from "antd";
import { useEffect } from "react";
import { useRecycleList } from "../../../api/questionary.ts";
import { KindIcon } from "../../../components/kind-icon.tsx";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { type ListFilters, pageSizes, toRecycleQuery } from "../list-filters.ts";

interface RecycleBinProps {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  onRecover: (item: QuestionarySummary) => unknown;
  onDestroy: (item: QuestionarySummary) => unknown;
}

/** 回收站: deleted questionnaires, restorable or deleted for good. */
export function RecycleBin({ filters, onChange, onRecover, onDestroy }: RecycleBinProps) {
  const query = useRecycleList(toRecycleQuery(filters));
  const showError = useApiError();
  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  const columns: TableColumnsType<QuestionarySummary> = [
    {
      key: "title",
      title: "问卷名称",
      render: (_, item) => (
        <span className="wj-recycle__title">
          <KindIcon kind={item.kind} size={28} />
          <Typography.Text ellipsis={{ tooltip: item.title }}>{item.title}</Typography.Text>
        </span>
      ),
    },
    { key: "kind", title: "类型", dataIndex: "kindName", width: 110 },
    { key: "responses", title: "答卷", dataIndex: "responseCount", width: 90, align: "right" },
    { key: "deletedAt", title: "删除时间", dataIndex: "deletedAt", width: 180 },
    {
      key: "actions",
      title: "操作",
      width: 200,
      render: (_, item) => (
        <Space size={4}>
          <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => onRecover(item)}>
            恢复
          </Button>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => onDestroy(item)}>
            彻底删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="wj-recycle" data-testid="recycle-bin">
      <p className="wj-recycle__note">
        删除的问卷会保留在回收站中，恢复后答卷和设置都不会丢失；彻底删除后无法找回。
      </p>
      <Table
        rowKey="id"
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="回收站是空的" /> }}
        pagination={{
          current: filters.pageNum,
          pageSize: filters.pageSize,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          pageSizeOptions: pageSizes.map(String),
          showTotal: (total) => `共 ${total} 份`,
          onChange: (pageNum, pageSize) =>
            onChange(pageSize === filters.pageSize ? { pageNum } : { pageNum: 1, pageSize }),
        }}
      />
    </div>
  );
}
