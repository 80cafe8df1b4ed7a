import { CalendarOutlined, SwapOutlined } from "@ant-design/icons";
import type { ReceiptBooking } from "@wjgj/core";
import { App, Button, Modal, Result, Spin, Tag } from "antd";
import { useState } from "react";
import { QrImage } from "../../answer/components/booking/qr-image.tsx";
import { SlotPicker } from "../../answer/components/booking/slot-picker.tsx";
import { bookingIcsUrl, useBookingSlots, useChangeBooking } from "../../api/bookings.ts";
import { ApiError } from "../../api/errors.ts";
import { useApiError } from "../../hooks/use-api-error.ts";
import "./booking-section.css";

function statusTag(booking: ReceiptBooking) {
  if (booking.status === "cancelled") return <Tag>已取消</Tag>;
  if (booking.checkedInAt) return <Tag color="green">已签到 {booking.checkedInAt}</Tag>;
  return <Tag color="blue">已预约</Tag>;
}

/** 改约: the same picker as the answer page, fed by the question's live slots. */
function MoveDialog({
  booking,
  publicId,
  busy,
  onMove,
  onClose,
}: {
  booking: ReceiptBooking;
  publicId: string;
  busy: boolean;
  onMove: (slotKey: string) => void;
  onClose: () => void;
}) {
  const slots = useBookingSlots(publicId, booking.questionId, true);
  const [choice, setChoice] = useState<string | undefined>(undefined);
  return (
    <Modal
      open
      title={`改约：${booking.title}`}
      okText="确认改约"
      cancelText="取消"
      okButtonProps={{ disabled: !choice || choice === booking.slotKey, loading: busy }}
      onOk={() => choice && onMove(choice)}
      onCancel={onClose}
    >
      <p>当前时段：{booking.label}</p>
      {slots.isPending ? (
        <Spin />
      ) : slots.isError ? (
        <Result
          status="warning"
          title="时段加载失败"
          subTitle={slots.error instanceof ApiError ? slots.error.message : "网络异常，请稍后重试"}
        />
      ) : (
        <SlotPicker
          slots={slots.data.slots.filter((slot) => slot.key !== booking.slotKey)}
          value={choice}
          onChange={setChoice}
          showRemaining
        />
      )}
    </Modal>
  );
}

/** One booking: its slot and state, the code's QR when the receipt carries it, calendar, cancel and move. */
function BookingCard({
  token,
  publicId,
  booking,
}: {
  token: string;
  publicId: string | undefined;
  booking: ReceiptBooking & { code?: string };
}) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const change = useChangeBooking(token);
  const [moving, setMoving] = useState(false);
  const active = booking.status === "active";
  const handleCancel = () =>
    modal.confirm({
      title: "取消这个预约？",
      content: `${booking.label}。取消后名额会释放给他人，如需再约请重新选择时段。`,
      okText: "取消预约",
      okButtonProps: { danger: true },
      cancelText: "暂不取消",
      onOk: async () => {
        try {
          await change.cancel.mutateAsync(booking.questionId);
          void message.success("预约已取消");
        } catch (error) {
          showError(error);
        }
      },
    });
  const handleMove = async (slotKey: string) => {
    try {
      await change.move.mutateAsync({ questionId: booking.questionId, slotKey });
      setMoving(false);
      void message.success("改约成功");
    } catch (error) {
      showError(error);
    }
  };
  return (
    <li className="rc-booking" data-testid="receipt-booking">
      <h3>{booking.title}</h3>
      <p className="rc-booking__slot">
        <span data-testid="receipt-booking-label">{booking.label}</span> {statusTag(booking)}
      </p>
      {active && booking.code ? (
        <div className="rc-booking__code">
          <QrImage
            text={booking.code}
            label={`预约凭证 ${booking.code} 的二维码`}
            className="rc-booking__qr"
          />
          <span>预约凭证：{booking.code}</span>
        </div>
      ) : null}
      {active ? (
        <div className="rc-actions">
          <Button
            icon={<CalendarOutlined />}
            href={bookingIcsUrl(token, booking.questionId)}
            download="预约.ics"
          >
            添加到日历
          </Button>
          {booking.changeable && publicId ? (
            <Button icon={<SwapOutlined />} onClick={() => setMoving(true)}>
              改约
            </Button>
          ) : null}
          {booking.changeable ? (
            <Button danger onClick={handleCancel}>
              取消预约
            </Button>
          ) : null}
        </div>
      ) : null}
      {active && !booking.changeable && !booking.checkedInAt ? (
        <p className="rc-note">已过改约和取消的截止时间。</p>
      ) : null}
      {moving && publicId ? (
        <MoveDialog
          booking={booking}
          publicId={publicId}
          busy={change.move.isPending}
          onMove={(slotKey) => void handleMove(slotKey)}
          onClose={() => setMoving(false)}
        />
      ) : null}
    </li>
  );
}

/** 我的预约 on the receipt (issue #41); nothing when the response booked nothing. */
export function BookingSection({
  token,
  publicId,
  bookings,
}: {
  token: string;
  publicId: string;
  bookings: readonly ReceiptBooking[];
}) {
  if (bookings.length === 0) return null;
  return (
    <section className="rc-bookings" aria-labelledby="rc-bookings-title" data-testid="receipt-bookings">
      <h2 id="rc-bookings-title">我的预约</h2>
      <ul>
        {bookings.map((booking) => (
          <BookingCard key={booking.questionId} token={token} publicId={publicId} booking={booking} />
        ))}
      </ul>
    </section>
  );
}
