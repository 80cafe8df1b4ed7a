import {
  type AnswerSort,
  type AnswerSummary,
  isGradedKind,
  type ResponseStatus,
  type ReviewDecision,
} from "@wjgj/core";
import { Button, Grid, Segmented, Space, Table } from "antd";
import { useCallback, useEffect, useState } from "react";
import { type AnswerListQuery, useAnswerList, useOverview } from "../../../../api/results.ts";
import { useReviewInUse } from "../../../../api/reviews.ts";
import { Permitted, useAccess } from "../../../../components/permitted.tsx";
import { useResults } from "../../hooks/results-context.ts";
import { type AnswerAction, actionsFor, useAnswerActions } from "./answer-actions.tsx";
import { answerColumns, sortOf } from "./answer-columns.tsx";
import { AnswerDrawer } from "./answer-drawer.tsx";
import { ErasureRequestsButton } from "./erasure-requests.tsx";
import { ReviewBulkButtons, ReviewStateFilter, useReviewActions } from "./review-controls.tsx";

/** What a tap on a row leaves to itself: the selection cell, buttons and links. */
const ROW_CONTROLS = ".ant-table-selection-column, button, a, input, label";

/** 答卷详情: the responses in a paged, sortable table; 无效 and the 回收站 as views of their own. */
export function AnswersTab() {
  const { id, filter, setFilter, questionary } = useResults();
  const overview = useOverview(id, 30).data;
  const [status, setStatus] = useState<ResponseStatus>("valid");
  const [sort, setSort] = useState<AnswerSort>("timeDesc");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [openId, setOpenId] = useState<number | null>(null);
  const query: AnswerListQuery = { ...page, sort, status };
  const list = useAnswerList(id, query, filter);
  const { perform, pending } = useAnswerActions();
  const manage = useAccess().may("manageResponses");
  // 审核 (issue #41): shown while the questionnaire requires it or listed responses carry a state.
  const reviewing = useReviewInUse(id, list.data?.list) || filter.review !== undefined;
  const reviewActions = useReviewActions(id);
  const handleReview = (decision: ReviewDecision, rows: number[]) =>
    void reviewActions.review(decision, rows).then((done) => done && setSelected([]));

  // A new filter or view starts from its first page with nothing selected.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on these changes only.
  useEffect(() => {
    setPage((old) => ({ ...old, pageNum: 1 }));
    setSelected([]);
  }, [filter, status]);

  const handleAction = (action: AnswerAction, rows: number[]) =>
    void perform(action, rows).then((done) => done && setSelected([]));
  const handleStep = useCallback((responseId: number) => setOpenId(responseId), []);
  const counts: Record<ResponseStatus, number | undefined> = {
    valid: overview?.total,
    invalid: overview?.invalidCount,
    deleted: overview?.deletedCount,
  };
  const label = (name: string, value: ResponseStatus) =>
    counts[value] === undefined ? name : `${name}（${counts[value]}）`;
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const columns = answerColumns({
    definition: questionary.definition,
    exam: isGradedKind(questionary.kind),
    sort,
    onOpen: (row) => setOpenId(row.id),
    onAction: (action, row) => handleAction(action, [row.id]),
    fixActions: !phone,
    manage,
    review: reviewing ? { onReview: handleReview } : undefined,
  });

  return (
    <div className="wj-result__stack" data-testid="answers-tab">
      <div className="wj-result__bar">
        <Segmented<ResponseStatus>
          aria-label="答卷状态"
          value={status}
          onChange={setStatus}
          options={[
            { value: "valid", label: label("有效答卷", "valid") },
            { value: "invalid", label: label("无效答卷", "invalid") },
            { value: "deleted", label: label("回收站", "deleted") },
          ]}
        />
        <Space wrap>
          {reviewing && (
            <ReviewStateFilter
              value={filter.review}
              onChange={(review) => setFilter({ ...filter, review })}
            />
          )}
          {reviewing && manage && (
            <ReviewBulkButtons selected={selected} pending={reviewActions.pending} onReview={handleReview} />
          )}
          {manage && <ErasureRequestsButton id={id} />}
          {selected.length > 0 && <span className="wj-muted">已选 {selected.length} 份</span>}
          {actionsFor[status].map((item) => (
            <Permitted key={item.action} action="manageResponses">
              <Button
                danger={item.danger}
                disabled={selected.length === 0}
                loading={pending}
                onClick={() => handleAction(item.action, selected)}
              >
                批量{item.label}
              </Button>
            </Permitted>
          ))}
        </Space>
      </div>
      <Table<AnswerSummary>
        rowKey="id"
        size="middle"
        className="dr-answers-table"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: "max-content" }}
        rowSelection={
          manage
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
        onRow={(row) => ({
          onDoubleClick: () => setOpenId(row.id),
          // On a phone 操作 is off to the side of the table: a tap on the row opens the response, except
          // on its checkbox or a button.
          onClick: phone
            ? (event) => {
                if (!(event.target as Element).closest(ROW_CONTROLS)) setOpenId(row.id);
              }
            : undefined,
          className:
            [row.id === openId ? "is-open" : "", phone ? "is-tappable" : ""].join(" ").trim() || undefined,
        })}
        locale={{ emptyText: status === "deleted" ? "回收站是空的" : "没有符合条件的答卷" }}
        onChange={(pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          const nextSort = sortOf(one?.field, one?.order);
          setSort(nextSort);
          setPage({
            pageNum: nextSort === sort ? (pagination.current ?? 1) : 1,
            pageSize: pagination.pageSize ?? page.pageSize,
          });
        }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (total) => `共 ${total} 份`,
        }}
      />
      {reviewActions.dialog}
      <AnswerDrawer responseId={openId} query={query} onStep={handleStep} onClose={() => setOpenId(null)} />
    </div>
  );
}
