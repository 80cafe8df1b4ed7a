import { expandSlots, type QuestionOfType, slotLabel } from "@wjgj/core";
import "./booking-preview.css";

/** How many slots of the first day the card shows. */
const SHOWN = 6;

/** 预约 on the canvas: the first bookable day of the schedule and its slots, as the respondent sees them. */
export function BookingPreview({ question }: { question: QuestionOfType<"booking"> }) {
  const { schedule, showRemaining } = question.config;
  const first = expandSlots(schedule)[0];
  if (!first) return <div className="dd-note">按当前设置没有可预约的时段，请在右侧设置日期和时段</div>;
  const day = expandSlots(schedule, { from: first.date, to: first.date });
  const [date = "", weekday = ""] = slotLabel(first.key).split(" ");
  return (
    <div className="dd-bk-preview" aria-hidden="true">
      <div className="dd-bk-preview__day">
        <span>{weekday}</span>
        <span>{date}</span>
      </div>
      <div className="dd-bk-preview__slots">
        {day.slice(0, SHOWN).map((slot) => (
          <div key={slot.key} className="dd-bk-preview__slot">
            <span>
              {slot.start}-{slot.end}
            </span>
            {showRemaining ? <small>剩余 {slot.places}</small> : null}
          </div>
        ))}
        {day.length > SHOWN ? (
          <div className="dd-bk-preview__more">还有 {day.length - SHOWN} 个时段</div>
        ) : null}
      </div>
    </div>
  );
}
