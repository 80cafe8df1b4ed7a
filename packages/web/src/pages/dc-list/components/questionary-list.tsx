import { Pagination, Skeleton } from "antd";
import { useEffect } from "react";
import { useQuestionaryList } from "../../../api/questionary.ts";
import { useApiError } from "../../../hooks/use-api-error.ts";
import { hasNarrowing, type ListFilters, pageSizes, toListQuery } from "../list-filters.ts";
import { ListEmpty } from "./list-empty.tsx";
import { type CardActions, QuestionaryCard } from "./questionary-card.tsx";

interface QuestionaryListProps {
  filters: ListFilters;
  onChange: (patch: Partial<ListFilters>) => void;
  onClear: () => void;
  actions: CardActions;
}

/** 我的问卷: a page of cards, with the empty state when there is nothing to show. */
export function QuestionaryList({ filters, onChange, onClear, actions }: QuestionaryListProps) {
  const query = useQuestionaryList(toListQuery(filters));
  const showError = useApiError();
  useEffect(() => {
    if (query.error) showError(query.error);
  }, [query.error, showError]);

  const page = query.data;
  // A page emptied by deleting its last item falls back to the last page that still has items.
  useEffect(() => {
    if (page && page.list.length === 0 && page.total > 0 && filters.pageNum > 1) {
      onChange({ pageNum: Math.max(1, Math.ceil(page.total / filters.pageSize)) });
    }
  }, [page, filters.pageNum, filters.pageSize, onChange]);

  if (!page) {
    return (
      <div className="wj-dclist__cards">
        {[0, 1, 2].map((key) => (
          <div key={key} className="wj-qcard">
            <Skeleton active avatar paragraph={{ rows: 1 }} />
          </div>
        ))}
      </div>
    );
  }
  if (page.total === 0)
    return (
      <ListEmpty narrowed={hasNarrowing(filters)} starred={filters.tab === "starred"} onClear={onClear} />
    );
  return (
    <>
      <div className="wj-dclist__cards" aria-busy={query.isFetching} data-testid="questionary-list">
        {page.list.map((item) => (
          <QuestionaryCard key={item.id} item={item} actions={actions} />
        ))}
      </div>
      <Pagination
        className="wj-dclist__pager"
        current={filters.pageNum}
        pageSize={filters.pageSize}
        total={page.total}
        hideOnSinglePage
        showSizeChanger
        pageSizeOptions={pageSizes.map(String)}
        showTotal={(total) => `共 ${total} 份问卷`}
        onChange={(pageNum, pageSize) =>
          onChange(pageSize === filters.pageSize ? { pageNum } : { pageNum: 1, pageSize })
        }
      />
    </>
  );
}
