import { Button, Input, Select, Table, type TableColumnsType, Typography } from "antd";
import { type CSSProperties, useEffect, useMemo, useState } from "react";
import { useAdminMutation } from "../../../api/admin.ts";
import { adminRecordsApi, useAdminPage } from "../../../api/admin-records.ts";
import type { Params } from "../../../api/request.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import type { ScreenConfig } from "../screen-config.ts";
import { RecordForm } from "./record-form.tsx";
import { RowActions } from "./row-actions.tsx";

const PAGE_SIZE = 20;

/** One screen of the console: filters, a paged table, row actions and the record form, all from `config`. */
export function RecordScreen<Row extends { id: number }>({ config }: { config: ScreenConfig<Row> }) {
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: PAGE_SIZE });
  const [filters, setFilters] = useState<Params>({});
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const query = useAdminPage<Row>(config.listPath, { ...filters, ...paging });
  const showError = useApiError();
  const spec = config.editing;
  const remove = useAdminMutation((id: number) => adminRecordsApi.remove(spec?.entity ?? "news", id));

  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  const setFilter = (name: string, value: string | number | undefined) => {
    setFilters((current) => ({ ...current, [name]: value ?? "" }));
    setPaging((current) => ({ ...current, pageNum: 1 }));
  };

  const columns = useMemo<TableColumnsType<Row>>(() => {
    const base: TableColumnsType<Row> = config.columns.map((column) => ({
      key: column.key,
      title: column.title,
      width: column.width,
      ellipsis: column.ellipsis ? { showTitle: true } : false,
      render: (_value: unknown, row: Row) => column.render(row),
    }));
    if (!spec && !config.actions?.length) return base;
    return [
      ...base,
      {
        key: "actions",
        title: "操作",
        fixed: "right",
        width: config.actionsWidth ?? 160,
        render: (_value: unknown, row: Row) => (
          <RowActions
            row={row}
            actions={config.actions ?? []}
            onEdit={spec ? () => setEditing({ row }) : undefined}
            onDelete={spec && (spec.canDelete?.(row) ?? true) ? () => remove.mutateAsync(row.id) : undefined}
          />
        ),
      },
    ];
  }, [config, spec, remove]);

  return (
    <section className="wj-admin-screen" data-testid={config.testId}>
      <div className="wj-admin-screen__bar">
        <Typography.Title level={4} style={{ margin: 0 }}>
          {config.title}
        </Typography.Title>
        <div className="wj-admin-screen__filters">
          {config.filters?.map((filter) =>
            filter.kind === "search" ? (
              <Input.Search
                key={filter.name}
                allowClear
                aria-label={filter.label}
                placeholder={filter.label}
                maxLength={filter.maxLength ?? (filter.digits ? 11 : 50)}
                onSearch={(value) => setFilter(filter.name, value.trim())}
                style={{ width: 200 }}
              />
            ) : (
              <Select
                key={filter.name}
                allowClear
                aria-label={filter.label}
                placeholder={filter.label}
                options={filter.options?.map((choice) => ({ value: choice.value, label: choice.label }))}
                onChange={(value: string | number | undefined) => setFilter(filter.name, value)}
                style={{ width: 140 }}
              />
            ),
          )}
          {config.toolbar?.()}
          {spec ? (
            <Button type="primary" onClick={() => setEditing({ row: null })}>
              新建{spec.noun}
            </Button>
          ) : null}
        </div>
      </div>
      <Table<Row>
        rowKey="id"
        size="middle"
        className="wj-record-table"
        // A column scrolled into view (by the keyboard, or a search) stops left of the fixed 操作 column.
        style={{ "--wj-actions-width": `${config.actionsWidth ?? 160}px` } as CSSProperties}
        columns={columns}
        dataSource={query.data?.list ?? []}
        loading={query.isFetching}
        scroll={{ x: "max-content" }}
        expandable={config.expand ? { expandedRowRender: config.expand } : undefined}
        pagination={{
          current: paging.pageNum,
          pageSize: paging.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} ${config.unit}`,
          onChange: (pageNum, pageSize) =>
            setPaging((current) => ({ pageNum: pageSize === current.pageSize ? pageNum : 1, pageSize })),
        }}
      />
      {spec ? (
        <RecordForm
          spec={spec}
          row={editing?.row ?? null}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </section>
  );
}
