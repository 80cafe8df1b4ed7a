import type { ExamLiveAttempt } from "@wjgj/core";
import { Badge, Button, Popconfirm, Space, Table, Tag } from "antd";
import type { ColumnsType } from "antd/es/table";
import { attemptStatusTag, remainingText } from "./live-model.ts";
import { SnapshotImage } from "./snapshot-image.tsx";

export interface LiveTableProps {
  id: number;
  attempts: ExamLiveAttempt[];
  /** Server clock minus browser clock (clockOffset), and the browser's time now: the countdown. */
  offset: number;
  now: number;
  loading?: boolean;
  /** manageResponses: 加时 and 结束考试. */
  manage: boolean;
  /** revealPersonal: the latest snapshot. */
  photos: boolean;
  ending?: number | null;
  onTimeline: (attempt: ExamLiveAttempt) => void;
  onAddTime: (attempt: ExamLiveAttempt) => void;
  onEnd: (attempt: ExamLiveAttempt) => void;
}

/** 实时监考's table: one row per attempt, as `exam/getLive` sends it (names and numbers already masked). */
export function LiveTable(props: LiveTableProps) {
  const { id, offset, now, manage, photos } = props;
  const columns: ColumnsType<ExamLiveAttempt> = [
    { title: "考生", dataIndex: "name", key: "name" },
    { title: "准考证号", dataIndex: "number", key: "number", render: (value: string) => value || "-" },
    { title: "次数", dataIndex: "attemptNo", key: "attemptNo", render: (no: number) => `第 ${no} 次` },
    {
      title: "状态",
      key: "status",
      render: (_, row) => {
        const tag = attemptStatusTag(row);
        return (
          <span className="wj-invigilation__status" data-testid="exam-live-status">
            <Tag color={tag.color}>{tag.label}</Tag>
            {tag.note && <span className="wj-muted">{tag.note}</span>}
          </span>
        );
      },
    },
    {
      title: "剩余时间",
      key: "remaining",
      render: (_, row) => (
        <span className="wj-invigilation__remaining" data-testid="exam-live-remaining">
          {remainingText(row, offset, now)}
          {row.addedMinutes > 0 && <span className="wj-muted">（加时 {row.addedMinutes} 分钟）</span>}
        </span>
      ),
    },
    { title: "切屏次数", dataIndex: "switches", key: "switches" },
    {
      title: "在线",
      key: "online",
      render: (_, row) =>
        row.status !== "active" ? (
          <span className="wj-muted">-</span>
        ) : row.online ? (
          <Badge status="success" text="在线" />
        ) : (
          <Badge status="default" text="离线" />
        ),
    },
    ...(photos
      ? [
          {
            title: "最新抓拍",
            key: "snapshot",
            render: (_: unknown, row: ExamLiveAttempt) =>
              row.latestSnapshot === null ? (
                <span className="wj-muted">-</span>
              ) : (
                <SnapshotImage id={id} eventId={row.latestSnapshot} width={64} />
              ),
          },
        ]
      : []),
    {
      title: "操作",
      key: "actions",
      render: (_, row) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => props.onTimeline(row)}>
            时间线
          </Button>
          {manage && row.status === "active" && row.deadline !== null && (
            <Button type="link" size="small" onClick={() => props.onAddTime(row)}>
              加时
            </Button>
          )}
          {manage && row.status === "active" && (
            <Popconfirm
              title="结束这场考试？"
              description="将按考生已保存的答案交卷，考生不能继续作答。"
              okText="结束考试"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => props.onEnd(row)}
            >
              <Button type="link" size="small" danger loading={props.ending === row.attemptId}>
                结束考试
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<ExamLiveAttempt>
      rowKey="attemptId"
      size="middle"
      className="wj-invigilation__table"
      data-testid="exam-live-table"
      columns={columns}
      dataSource={props.attempts}
      loading={props.loading}
      scroll={{ x: "max-content" }}
      pagination={props.attempts.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      locale={{ emptyText: "还没有考生开始作答" }}
    />
  );
}
