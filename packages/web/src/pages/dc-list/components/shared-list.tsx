import { Empty, Pagination, Skeleton } from "antd";
import { useEffect } from "react";
import { useSharedList } from "../../../api/teams.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { type ListFilters, pageSizes } from "../list-filters.ts";
import { type CardActions, QuestionaryCard } from "./questionary-card.tsx";

interface SharedListProps {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  actions: CardActions;
}

/** 共享给我的 (getShareProjectTeamList): others' questionnaires whose team the user is in, with the role. */
export function SharedList({ filters, onChange, actions }: SharedListProps) {
  const query = useSharedList({
    pageNum: filters.pageNum,
    pageSize: filters.pageSize,
    ...(filters.title ? { title: filters.title } : {}),
  });
  const showError = useApiError();
  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);
  const page = query.data;
  if (!page) return <Skeleton active avatar paragraph={{ rows: 1 }} />;
  if (page.total === 0)
    return (
      <Empty
        className="wj-dclist__empty"
        description="还没有共享给您的问卷。同事通过邀请链接或手机号邀请您后，项目会出现在这里。"
      />
    );
  return (
    <>
      <div className="wj-dclist__cards" aria-busy={query.isFetching} data-testid="shared-list">
        {page.list.map((item) => (
          <QuestionaryCard
            key={item.id}
            item={item}
            actions={actions}
            shared={{ roleName: item.roleName, ownerName: item.ownerName, permissions: item.permissions }}
          />
        ))}
      </div>
      <Pagination
        className="wj-dclist__pager"
        current={filters.pageNum}
        pageSize={filters.pageSize}
        total={page.total}
        hideOnSinglePage
        pageSizeOptions={pageSizes.map(String)}
        showTotal={(total) => `共 ${total} 份问卷`}
        onChange={(pageNum, pageSize) =>
          onChange(pageSize === filters.pageSize ? { pageNum } : { pageNum: 1, pageSize })
        }
      />
    </>
  );
}
