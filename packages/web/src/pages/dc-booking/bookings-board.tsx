import { LeftOutlined, RightOutlined, ScanOutlined } from "@ant-design/icons";
import type { CreatorBooking, CreatorBookings } from "@wjgj/core";
import { App, Button, DatePicker, Empty, Segmented, Select, Space, Spin, Table, Tag } from "antd";
import dayjs from "dayjs";
import { useState } from "react";
import { Link } from "react-router";
import { useBookingsOverview, useCreatorCancel } from "../../api/bookings.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import { type BoardView, chinaToday, rangeOf, stepDate } from "./booking-range.ts";
import { CheckInBox } from "./check-in-box.tsx";
import "./dc-booking.css";

type SlotRow = CreatorBookings["slots"][number] & { bookings: CreatorBooking[] };

function BookingState({ booking }: { booking: CreatorBooking }) {
  if (booking.status === "cancelled") return <Tag>已取消</Tag>;
  if (booking.checkedInAt) return <Tag color="green">已签到 {booking.checkedInAt.slice(11, 16)}</Tag>;
  return <Tag color="blue">待签到</Tag>;
}

/** The slots of the range with their bookings, for one question (or all when the questionnaire has one). */
function rowsOf(data: CreatorBookings, questionId: string | undefined): SlotRow[] {
  const byKey = new Map<string, CreatorBooking[]>();
  for (const booking of data.bookings) {
    const key = `${booking.questionId}|${booking.slotKey}`;
    byKey.set(key, [...(byKey.get(key) ?? []), booking]);
  }
  return data.slots
    .filter((slot) => !questionId || slot.questionId === questionId)
    .map((slot) => ({ ...slot, bookings: byKey.get(`${slot.questionId}|${slot.key}`) ?? [] }));
}

/**
 * 预约管理 (issue #41): a day or a week of slots with places used and each booking's state; 取消 and 签到 for
 * those who manage the responses. The phone page scans the respondents' QR codes.
 */
export function BookingsBoard({ id, canManage }: { id: number; canManage: boolean }) {
  const { modal, message } = App.useApp();
  const showError = useApiError();
  const [view, setView] = useState<BoardView>("day");
  const [date, setDate] = useState(chinaToday);
  const [questionId, setQuestionId] = useState<string | undefined>(undefined);
  const range = rangeOf(view, date);
  const query = useBookingsOverview(id, range.from, range.to);
  const cancel = useCreatorCancel(id);
  const data = query.data;
  const questions = data?.questions ?? [];
  const chosen = questionId ?? questions[0]?.id;
  const rows = data ? rowsOf(data, chosen) : [];
  const used = rows.reduce((sum, row) => sum + row.used, 0);
  const places = rows.reduce((sum, row) => sum + row.places, 0);

  const handleCancel = (booking: CreatorBooking) =>
    modal.confirm({
      title: "取消这个预约？",
      content: `${booking.label}。取消后名额释放，预约人可在回执页看到已取消。`,
      okText: "取消预约",
      okButtonProps: { danger: true },
      cancelText: "暂不取消",
      onOk: async () => {
        try {
          await cancel.mutateAsync(booking.id);
          void message.success("预约已取消");
        } catch (error) {
          showError(error);
        }
      },
    });

  return (
    <div className="bk-board" data-testid="bookings-board">
      {canManage ? (
        <CheckInBox
          id={id}
          extra={
            <Link to={`/bookingCheckIn?id=${id}`} className="bk-board__scan">
              <ScanOutlined aria-hidden /> 手机扫码签到
            </Link>
          }
        />
      ) : null}
      <div className="bk-board__bar">
        <Segmented<BoardView>
          aria-label="视图"
          value={view}
          onChange={setView}
          options={[
            { value: "day", label: "日" },
            { value: "week", label: "周" },
          ]}
        />
        <Space.Compact>
          <Button
            aria-label={view === "day" ? "前一天" : "上一周"}
            icon={<LeftOutlined />}
            onClick={() => setDate(stepDate(view, date, -1))}
          />
          <DatePicker
            aria-label="日期"
            allowClear={false}
            picker={view === "week" ? "week" : "date"}
            value={dayjs(date)}
            format={view === "week" ? () => `${range.from} 至 ${range.to}` : "YYYY-MM-DD"}
            onChange={(next) => next && setDate(next.format("YYYY-MM-DD"))}
          />
          <Button
            aria-label={view === "day" ? "后一天" : "下一周"}
            icon={<RightOutlined />}
            onClick={() => setDate(stepDate(view, date, 1))}
          />
        </Space.Compact>
        <Button onClick={() => setDate(chinaToday())}>今天</Button>
        {questions.length > 1 ? (
          <Select
            aria-label="预约题"
            style={{ minWidth: 160 }}
            value={chosen}
            onChange={setQuestionId}
            options={questions.map((question) => ({ value: question.id, label: question.title }))}
          />
        ) : null}
      </div>
      {query.isPending ? (
        <Spin />
      ) : rows.length === 0 ? (
        <Empty description={view === "day" ? "这一天没有可预约的时段" : "这一周没有可预约的时段"} />
      ) : (
        <>
          <p className="bk-board__sum">
            共 {rows.length} 个时段，已约 {used} / {places}
          </p>
          <Table<SlotRow>
            rowKey={(row) => `${row.questionId}|${row.key}`}
            dataSource={rows}
            pagination={false}
            size="middle"
            scroll={{ x: "max-content" }}
            columns={[
              { title: "时段", dataIndex: "label", width: 190 },
              {
                title: "已约 / 名额",
                width: 110,
                render: (_, row) => (
                  <span className={row.used >= row.places ? "bk-board__full" : undefined}>
                    {row.used} / {row.places}
                  </span>
                ),
              },
              {
                title: "预约",
                render: (_, row) =>
                  row.bookings.length === 0 ? (
                    <span className="bk-board__none">暂无预约</span>
                  ) : (
                    <ul className="bk-board__list">
                      {row.bookings.map((booking) => (
                        <li key={booking.id} data-testid="board-booking">
                          <span>答卷 #{booking.responseId ?? "—"}</span>
                          <BookingState booking={booking} />
                          <span className="bk-board__time">预约于 {booking.createdAt.slice(5, 16)}</span>
                          {canManage && booking.status === "active" && !booking.checkedInAt ? (
                            <Button size="small" type="link" danger onClick={() => handleCancel(booking)}>
                              取消
                            </Button>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
