import type { ExamLiveAttempt } from "@wjgj/core";
import { Alert, Drawer, Empty, Skeleton, Timeline } from "antd";
import dayjs from "dayjs";
import { useExamTimeline } from "../../../../api/exam-guard.ts";
import { useAccess } from "../../../../components/permitted.tsx";
import { SnapshotImage } from "./snapshot-image.tsx";

/** 时间线: everything that happened in one attempt, with its snapshots inline (for roles that may see them). */
export function TimelineDrawer({
  id,
  attempt,
  onClose,
}: {
  id: number;
  attempt: ExamLiveAttempt | null;
  onClose: () => void;
}) {
  const timeline = useExamTimeline(id, attempt?.attemptId ?? null);
  const photos = useAccess().may("revealPersonal");
  const events = timeline.data?.events ?? [];
  return (
    <Drawer
      open={attempt !== null}
      onClose={onClose}
      size={520}
      // Closed, its snapshots leave the page and their object URLs are revoked.
      destroyOnHidden
      className="wj-invigilation__drawer"
      title={attempt ? `时间线 · ${attempt.name}（第 ${attempt.attemptNo} 次）` : "时间线"}
      data-testid="exam-timeline"
    >
      {timeline.error ? (
        <Alert type="error" showIcon title={timeline.error.message} />
      ) : !timeline.data ? (
        <Skeleton active />
      ) : events.length === 0 ? (
        <Empty description="暂无记录" />
      ) : (
        <Timeline
          items={events.map((event) => ({
            key: event.id,
            color: event.kind === "switch" || event.kind === "fullscreenExit" ? "red" : undefined,
            content: (
              <div className="wj-invigilation__event" data-testid="exam-timeline-event">
                <div>
                  <strong>{event.label}</strong>
                  {event.detail && <span className="wj-muted">（{event.detail}）</span>}
                </div>
                <div className="wj-muted">{dayjs(event.at).format("YYYY-MM-DD HH:mm:ss")}</div>
                {event.snapshot &&
                  (photos ? (
                    <SnapshotImage id={id} eventId={event.id} width={160} />
                  ) : (
                    <span className="wj-muted">您的角色不能查看监考照片</span>
                  ))}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
