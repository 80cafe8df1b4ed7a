import type { ExamLiveAttempt } from "@wjgj/core";
import { Alert, App, Card, Col, Row, Statistic } from "antd";
import { useEffect, useState } from "react";
import { useEndAttemptMutation, useExamLive } from "../../../../api/exam-guard.ts";
import { useAccess } from "../../../../components/permitted.tsx";
import { useApiError } from "../../../../hooks/use-api-error.ts";
import { AddTimeModal } from "./add-time-modal.tsx";
import { clockOffset } from "./live-model.ts";
import { LiveTable } from "./live-table.tsx";
import { TimelineDrawer } from "./timeline-drawer.tsx";

/** The browser's clock, ticking each second for the countdowns. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** 实时监考: the counts and every attempt, refreshed every 3 s; 时间线, 加时 and 结束考试 per attempt. */
export function LivePanel({ id }: { id: number }) {
  const live = useExamLive(id);
  // Never before the list arrived: the countdown starts from the server's answer.
  const now = Math.max(useNow(), live.dataUpdatedAt);
  const access = useAccess();
  const showError = useApiError();
  const { message } = App.useApp();
  const end = useEndAttemptMutation(id);
  const [timelineOf, setTimelineOf] = useState<number | null>(null);
  const [addTimeTo, setAddTimeTo] = useState<ExamLiveAttempt | null>(null);
  const data = live.data;
  const offset = data ? clockOffset(data.serverNow, live.dataUpdatedAt) : 0;
  // The drawer follows the row as it refreshes.
  const timelineAttempt = data?.attempts.find((row) => row.attemptId === timelineOf) ?? null;

  const handleEnd = async (attempt: ExamLiveAttempt) => {
    try {
      await end.mutateAsync({ id, attemptId: attempt.attemptId });
      void message.success(`已结束 ${attempt.name} 的考试`);
    } catch (error) {
      showError(error);
    }
  };

  const counts = [
    { title: "名单人数", value: data?.counts.listed },
    { title: "未开始", value: data?.counts.notStarted },
    { title: "作答中", value: data?.counts.answering },
    { title: "已交卷", value: data?.counts.finished },
  ];
  return (
    <Card title="实时监考" extra={<span className="wj-muted">每 3 秒自动刷新</span>} data-testid="exam-live">
      <Row gutter={[12, 12]} className="wj-invigilation__counts">
        {counts.map((item) => (
          <Col key={item.title} xs={12} md={6}>
            <Card size="small" className="wj-result__stat">
              <Statistic title={item.title} value={item.value ?? "-"} />
            </Card>
          </Col>
        ))}
      </Row>
      {live.error && !data && (
        <Alert type="error" showIcon className="wj-invigilation__alert" title={live.error.message} />
      )}
      <LiveTable
        id={id}
        attempts={data?.attempts ?? []}
        offset={offset}
        now={now}
        loading={!data && live.isFetching}
        manage={access.may("manageResponses")}
        photos={access.may("revealPersonal")}
        ending={end.isPending ? (end.variables?.attemptId ?? null) : null}
        onTimeline={(attempt) => setTimelineOf(attempt.attemptId)}
        onAddTime={setAddTimeTo}
        onEnd={(attempt) => void handleEnd(attempt)}
      />
      <TimelineDrawer id={id} attempt={timelineAttempt} onClose={() => setTimelineOf(null)} />
      <AddTimeModal id={id} attempt={addTimeTo} onClose={() => setAddTimeTo(null)} />
    </Card>
  );
}
