import type { SubmittedBooking } from "@wjgj/core/api/bookings-api";
import { QrImage } from "./qr-image.tsx";
import "./booking.css";

/** The .ics download of one booking (needs the receipt token, which proves the booking is the visitor's). */
export function icsHref(token: string, questionId: string): string {
  return `/wjgj/api/anQuestion/bookingIcs?${new URLSearchParams({ token, questionId }).toString()}`;
}

/**
 * 预约成功 on the thank-you screen: each booking's slot, its code and the code's QR (shown at check-in),
 * 添加到日历 and the receipt, where it can be moved or cancelled.
 */
export default function BookingConfirmation({
  bookings,
  receiptToken,
}: {
  bookings: readonly SubmittedBooking[];
  receiptToken: string | undefined;
}) {
  const receipt = receiptToken ? `/receipt/${encodeURIComponent(receiptToken)}` : "";
  return (
    <>
      {bookings.map((booking) => (
        <section
          key={booking.questionId}
          className="wa-bk-done"
          aria-label="预约成功"
          data-testid="booking-confirmation"
        >
          <h2>预约成功</h2>
          <p>{booking.label}</p>
          <p>
            预约凭证：
            <span className="wa-bk-code" data-testid="booking-code">
              {booking.code}
            </span>
          </p>
          <QrImage text={booking.code} label={`预约凭证 ${booking.code} 的二维码`} />
          <p className="wa-bk-hint">签到时出示此二维码或预约凭证</p>
          {receiptToken ? (
            <p className="wa-bk-links">
              <a href={icsHref(receiptToken, booking.questionId)} download="预约.ics">
                添加到日历
              </a>
              <a href={receipt}>改约或取消预约</a>
            </p>
          ) : null}
        </section>
      ))}
    </>
  );
}
