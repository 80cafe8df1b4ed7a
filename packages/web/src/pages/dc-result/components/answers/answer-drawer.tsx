import { DownOutlined, UpOutlined } from "@ant-design/icons";
import type { AnswerDetail, AnswerExamQuestion, ExamEndedReason, RevealedPersonal } from "@wjgj/core";
import { formatDuration } from "@wjgj/core/results/durations";
import { Alert, App, Button, Descriptions, Drawer, Grid, InputNumber, Skeleton, Space, Tag } from "antd";
import { useEffect, useState } from "react";
import {
  type AnswerListQuery,
  resultsApi,
  useAnswerDetail,
  useGradeAnswerMutation,
} from "../../../../api/results.ts";
import { Permitted, useAccess } from "../../../../components/permitted.tsx";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { useResults } from "../../hooks/results-context.ts";
import { actionsFor, useAnswerActions } from "./answer-actions.tsx";
import { AnswerView } from "./answer-view.tsx";
import { ReviewTag, useReviewActions } from "./review-controls.tsx";

const statusColors = { valid: "green", invalid: "orange", deleted: "default" } as const;

/** Typing in a grade box must not step to another response. */
function isTyping(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** How an exam attempt was handed in without the candidate's 提交. */
const endedReasonText: Record<ExamEndedReason, string> = {
  timeout: "时间到自动交卷",
  tabSwitch: "切屏超限自动交卷",
  invigilator: "监考老师结束考试",
};

function Summary({ detail }: { detail: AnswerDetail }) {
  const { answer, exam } = detail;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} className="wj-answer-drawer__summary">
      <Descriptions.Item label="序号">{answer.seq}</Descriptions.Item>
      <Descriptions.Item label="答卷编号">{answer.id}</Descriptions.Item>
      <Descriptions.Item label="状态">
        <Tag color={statusColors[answer.status]}>{answer.statusName}</Tag>
      </Descriptions.Item>
      {answer.review && (
        <Descriptions.Item label="审核状态">
          <ReviewTag review={answer.review} />
          {answer.review.reason && (
            <span className="wj-gap-left" data-testid="answer-review-reason">
              原因：{answer.review.reason}
            </span>
          )}
        </Descriptions.Item>
      )}
      <Descriptions.Item label="提交时间">{answer.submittedAt}</Descriptions.Item>
      <Descriptions.Item label="用时">{formatDuration(answer.durationSeconds)}</Descriptions.Item>
      <Descriptions.Item label="来源">{answer.sourceName}</Descriptions.Item>
      <Descriptions.Item label="IP">{answer.ip || "-"}</Descriptions.Item>
      {detail.wechat && (
        <Descriptions.Item label="微信用户">
          <span className="wj-answer-drawer__wechat" data-testid="answer-wechat">
            {detail.wechat.avatarUrl && (
              <img
                src={detail.wechat.avatarUrl}
                alt="微信头像"
                width={24}
                height={24}
                referrerPolicy="no-referrer"
                // WeChat's image server unreachable: the nickname alone, not a broken picture.
                onError={(event) => {
                  event.currentTarget.hidden = true;
                }}
              />
            )}
            <span>{detail.wechat.nickname || "-"}</span>
          </span>
        </Descriptions.Item>
      )}
      {detail.candidate && (
        <Descriptions.Item label="考生">
          <span data-testid="answer-candidate">
            {detail.candidate.name
              ? `${detail.candidate.name}${detail.candidate.number ? `（${detail.candidate.number}）` : ""}`
              : "-"}
            {` · 第 ${detail.candidate.attemptNo} 次作答 · 切屏 ${detail.candidate.switches} 次`}
          </span>
          {detail.candidate.endedReason && (
            <Tag className="wj-gap-left" color="orange">
              {endedReasonText[detail.candidate.endedReason]}
            </Tag>
          )}
        </Descriptions.Item>
      )}
      {exam && (
        <Descriptions.Item label="得分">
          <b data-testid="answer-score">
            {exam.total} / {exam.max}
          </b>
          {exam.passed !== null && (
            <Tag className="wj-gap-left" color={exam.passed ? "green" : "red"}>
              {exam.passed ? "及格" : "不及格"}
            </Tag>
          )}
          {exam.pendingManual > 0 && <Tag color="orange">{exam.pendingManual} 题待评分</Tag>}
        </Descriptions.Item>
      )}
      {detail.consent && (
        <Descriptions.Item label="隐私政策" span="filled">
          <div data-testid="answer-consent">
            <Tag color="green">已同意 · 第 {detail.consent.version} 版</Tag>
            <div className="wj-answer-drawer__consent">{detail.consent.text}</div>
            {detail.consent.policyUrl && (
              <a href={detail.consent.policyUrl} target="_blank" rel="noopener noreferrer">
                查看当时链接的隐私政策
              </a>
            )}
          </div>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/**
 * One response in a drawer, stepping through the list in its order with ↑/↓ (or the buttons); its status
 * actions; manual grading of essay answers for exams.
 */
export function AnswerDrawer({
  responseId,
  query,
  onStep,
  onClose,
}: {
  responseId: number | null;
  query: AnswerListQuery;
  onStep: (responseId: number) => void;
  onClose: () => void;
}) {
  const { id, filter } = useResults();
  const { message } = App.useApp();
  const showError = useApiError();
  const detailQuery = useAnswerDetail(id, responseId, query, filter);
  const loaded = detailQuery.data && detailQuery.data.answer.id === responseId ? detailQuery.data : undefined;
  // 查看完整信息: this response's personal answers in full, asked for (and logged) one response at a time.
  const [revealed, setRevealed] = useState<{ responseId: number; data: RevealedPersonal } | null>(null);
  const [revealing, setRevealing] = useState(false);
  const detail: AnswerDetail | undefined =
    loaded && revealed?.responseId === loaded.answer.id
      ? {
          ...loaded,
          answer: { ...loaded.answer, ip: revealed.data.ip },
          answers: { ...loaded.answers, ...revealed.data.answers },
          signatures: { ...loaded.signatures, ...revealed.data.signatures },
          masked: [],
        }
      : loaded;
  const handleReveal = async () => {
    if (!loaded) return;
    setRevealing(true);
    try {
      setRevealed({
        responseId: loaded.answer.id,
        data: await resultsApi.revealPersonal(id, loaded.answer.id),
      });
    } catch (error) {
      showError(error);
    } finally {
      setRevealing(false);
    }
  };
  const { perform, pending } = useAnswerActions();
  const grade = useGradeAnswerMutation();
  const mayGrade = useAccess().may("manageResponses");
  // 审核 (issue #41) of the response on show: 通过 / 拒绝 while pending, 撤销审核 once decided.
  const reviewing = useReviewActions(id);
  const [grades, setGrades] = useState<Record<string, number>>({});

  // biome-ignore lint/correctness/useExhaustiveDependencies: entered grades belong to one response.
  useEffect(() => setGrades({}), [responseId]);

  const previousId = detail?.previousId ?? null;
  const nextId = detail?.nextId ?? null;
  useEffect(() => {
    if (responseId === null) return;
    const handleKey = (event: KeyboardEvent) => {
      if (isTyping(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.key === "ArrowUp" ? previousId : event.key === "ArrowDown" ? nextId : null;
      if (target === null) return;
      event.preventDefault();
      onStep(target);
    };
    window.addEventListener("keydown", handleKey);
    return () => window.removeEventListener("keydown", handleKey);
  }, [responseId, previousId, nextId, onStep]);

  const handleAction = async (action: Parameters<typeof perform>[0]) => {
    if (!detail) return;
    const done = await perform(action, [detail.answer.id]);
    // The response leaves this list (its status changed): go on to its neighbour.
    if (done) {
      const neighbour = nextId ?? previousId;
      if (neighbour === null) onClose();
      else onStep(neighbour);
    }
  };

  const handleGrade = async () => {
    if (!detail) return;
    const entries = Object.entries(grades).map(([questionId, score]) => ({ questionId, score }));
    if (entries.length === 0) return;
    try {
      await grade.mutateAsync({ id, responseId: detail.answer.id, grades: entries });
      setGrades({});
      void message.success("评分已保存，总分已重新计算");
    } catch (error) {
      showError(error);
    }
  };

  const renderGrade = (score: AnswerExamQuestion, number: number) => (
    <div className="wj-grade">
      <span>评分：</span>
      <InputNumber
        aria-label={`第${number}题评分`}
        disabled={!mayGrade}
        min={0}
        max={score.max}
        step={0.5}
        value={grades[score.questionId] ?? (score.graded ? score.score : null)}
        onChange={(value) =>
          setGrades((old) => {
            const next = { ...old };
            if (value === null) delete next[score.questionId];
            else next[score.questionId] = value;
            return next;
          })
        }
      />
      <span className="wj-muted">满分 {score.max} 分</span>
    </div>
  );

  const manual = detail?.exam?.questions.some((score) => score.manual) ?? false;
  const place = detail ? `第 ${detail.position} / ${detail.total} 份` : "";
  const title = detail ? `答卷详情（${place}）` : "答卷详情";
  // Beside 上一份 / 下一份 a phone has room for the place in the list only; one line everywhere, cut with an ellipsis.
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      open={responseId !== null}
      onClose={onClose}
      size={720}
      classNames={{ title: "wj-answer-drawer__title" }}
      title={
        <span title={title} data-testid="answer-drawer-title">
          {phone && detail ? place : title}
        </span>
      }
      extra={
        <Space>
          <Button
            icon={<UpOutlined />}
            disabled={previousId === null}
            onClick={() => previousId !== null && onStep(previousId)}
          >
            上一份
          </Button>
          <Button
            icon={<DownOutlined />}
            disabled={nextId === null}
            onClick={() => nextId !== null && onStep(nextId)}
          >
            下一份
          </Button>
        </Space>
      }
      footer={
        detail && (
          <div className="wj-answer-drawer__footer">
            <span className="wj-muted wj-answer-drawer__keys">按 ↑ / ↓ 键切换上一份、下一份</span>
            <Space>
              {detail.masked.length > 0 && (
                <Permitted action="revealPersonal">
                  <Button loading={revealing} onClick={() => void handleReveal()}>
                    查看完整信息
                  </Button>
                </Permitted>
              )}
              {manual && (
                <Permitted action="manageResponses">
                  <Button
                    type="primary"
                    loading={grade.isPending}
                    disabled={Object.keys(grades).length === 0}
                    onClick={() => void handleGrade()}
                  >
                    保存评分
                  </Button>
                </Permitted>
              )}
              {detail.answer.review && (
                <Permitted action="manageResponses">
                  {detail.answer.review.state === "pending" ? (
                    <>
                      <Button
                        type="primary"
                        loading={reviewing.pending}
                        onClick={() => void reviewing.review("approve", [detail.answer.id])}
                      >
                        审核通过
                      </Button>
                      <Button
                        danger
                        loading={reviewing.pending}
                        onClick={() => void reviewing.review("reject", [detail.answer.id])}
                      >
                        审核拒绝
                      </Button>
                    </>
                  ) : (
                    <Button
                      loading={reviewing.pending}
                      onClick={() => void reviewing.review("undo", [detail.answer.id])}
                    >
                      撤销审核
                    </Button>
                  )}
                </Permitted>
              )}
              {actionsFor[detail.answer.status].map((item) => (
                <Permitted key={item.action} action="manageResponses">
                  <Button
                    danger={item.danger}
                    loading={pending}
                    onClick={() => void handleAction(item.action)}
                  >
                    {item.label}
                  </Button>
                </Permitted>
              ))}
            </Space>
          </div>
        )
      }
    >
      {detailQuery.error && !detail ? (
        <Alert type="error" showIcon title="答卷加载失败" description={detailQuery.error.message} />
      ) : !detail ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <div data-testid="answer-drawer" data-response={detail.answer.id}>
          <Summary detail={detail} />
          <AnswerView detail={detail} renderGrade={renderGrade} />
        </div>
      )}
      {reviewing.dialog}
    </Drawer>
  );
}
