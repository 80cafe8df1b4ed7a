import {
  type AnswerSummary,
  REVIEW_REASON_MAX,
  type ReviewDecision,
  type ReviewOutcome,
  type ReviewState,
  reviewStateNames,
  reviewStates,
} from "@wjgj/core";
import { App, Button, Input, Modal, Select, Space, Tag, Tooltip } from "antd";
import { type ReactNode, useState } from "react";
import { useReviewMutation } from "../../../../api/reviews.ts";
import { useApiError } from "../../../../hooks/use-api-error.ts";

const stateColors: Record<ReviewState, string> = { pending: "gold", approved: "green", rejected: "red" };

/** A response's 审核 state as a tag; a rejection's reason on hover. */
export function ReviewTag({ review }: { review: AnswerSummary["review"] }) {
  if (!review) return <span className="wj-muted">-</span>;
  const tag = (
    <Tag color={stateColors[review.state]} data-testid="review-tag">
      {review.stateName}
    </Tag>
  );
  return review.reason ? <Tooltip title={`原因：${review.reason}`}>{tag}</Tooltip> : tag;
}

/** 审核状态 in the answers list's bar: all, or one state (the results filter, so statistics follow). */
export function ReviewStateFilter(props: {
  value: ReviewState | undefined;
  onChange: (value: ReviewState | undefined) => void;
}) {
  return (
    <Select<ReviewState>
      allowClear
      aria-label="审核状态"
      placeholder="全部审核状态"
      style={{ width: 150 }}
      value={props.value}
      onChange={(value) => props.onChange(value ?? undefined)}
      options={reviewStates.map((value) => ({ value, label: reviewStateNames[value] }))}
      data-testid="review-filter"
    />
  );
}

const doneText: Record<ReviewDecision, string> = {
  approve: "已通过",
  reject: "已拒绝",
  undo: "已撤销审核，恢复为待审核",
};

/** What a review call did, in one line: how many changed, and how many someone else had decided first. */
export function outcomeText(decision: ReviewDecision, outcome: ReviewOutcome): string {
  const done = `${outcome.changed} 份答卷${doneText[decision]}`;
  return outcome.skipped > 0 ? `${done}；${outcome.skipped} 份已被其他成员审核，已跳过` : done;
}

/**
 * Runs a review decision on responses; 拒绝 first asks the reason in a dialog (required, at most 200
 * characters). Render `dialog` once; `review` resolves whether it went through.
 */
export function useReviewActions(id: number): {
  review: (decision: ReviewDecision, responseIds: number[]) => Promise<boolean>;
  dialog: ReactNode;
  pending: boolean;
} {
  const { message } = App.useApp();
  const showError = useApiError();
  const mutation = useReviewMutation();
  const [asking, setAsking] = useState<{ ids: number[]; resolve: (done: boolean) => void } | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (decision: ReviewDecision, responseIds: number[], why?: string) => {
    try {
      const outcome = await mutation.mutateAsync({
        id,
        responseIds,
        decision,
        ...(why === undefined ? {} : { reason: why }),
      });
      void message.success(outcomeText(decision, outcome));
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const review = (decision: ReviewDecision, responseIds: number[]): Promise<boolean> => {
    if (decision !== "reject") return run(decision, responseIds);
    setReason("");
    setProblem(null);
    return new Promise((resolve) => setAsking({ ids: responseIds, resolve }));
  };
  const handleOk = async () => {
    if (!asking) return;
    const text = reason.trim();
    if (text === "") {
      setProblem("请填写拒绝原因");
      return;
    }
    const done = await run("reject", asking.ids, text);
    if (!done) return;
    asking.resolve(true);
    setAsking(null);
  };
  const handleCancel = () => {
    asking?.resolve(false);
    setAsking(null);
  };
  const dialog = (
    <Modal
      open={asking !== null}
      title={asking && asking.ids.length > 1 ? `拒绝选中的 ${asking.ids.length} 份答卷` : "拒绝这份答卷"}
      okText="拒绝"
      okButtonProps={{ danger: true, loading: mutation.isPending }}
      cancelText="取消"
      onOk={() => void handleOk()}
      onCancel={handleCancel}
      destroyOnHidden
    >
      <p className="wj-muted">填写者可在回执中看到拒绝原因，留了手机号的会收到短信。</p>
      <Input.TextArea
        aria-label="拒绝原因"
        autoFocus
        value={reason}
        maxLength={REVIEW_REASON_MAX}
        showCount
        rows={3}
        placeholder="例如：资料不全，请补充后重新提交"
        status={problem ? "error" : undefined}
        onChange={(event) => {
          setReason(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <div className="ant-form-item-explain-error" role="alert">
          {problem}
        </div>
      )}
    </Modal>
  );
  return { review, dialog, pending: mutation.isPending };
}

/** 批量通过 / 批量拒绝 of the selected rows (only those still pending change; the server says how many). */
export function ReviewBulkButtons(props: {
  selected: number[];
  pending: boolean;
  onReview: (decision: ReviewDecision, responseIds: number[]) => void;
}) {
  const none = props.selected.length === 0;
  return (
    <Space>
      <Button
        disabled={none}
        loading={props.pending}
        onClick={() => props.onReview("approve", props.selected)}
      >
        批量通过
      </Button>
      <Button
        danger
        disabled={none}
        loading={props.pending}
        onClick={() => props.onReview("reject", props.selected)}
      >
        批量拒绝
      </Button>
    </Space>
  );
}

/** A row's review buttons: 通过 and 拒绝 while pending, 撤销审核 once decided. */
export function ReviewRowActions(props: {
  row: AnswerSummary;
  onReview: (decision: ReviewDecision, responseIds: number[]) => void;
}) {
  const { row } = props;
  if (!row.review) return null;
  const button = (decision: ReviewDecision, label: string, danger = false) => (
    <Button
      key={decision}
      type="link"
      size="small"
      danger={danger}
      onClick={(event) => {
        event.stopPropagation();
        props.onReview(decision, [row.id]);
      }}
    >
      {label}
    </Button>
  );
  return row.review.state === "pending" ? (
    <>
      {button("approve", "通过")}
      {button("reject", "拒绝", true)}
    </>
  ) : (
    button("undo", "撤销审核")
  );
}
