import { useId, useState } from "react";
import { dayCaption, groupByDate, type SlotView, slotState, slotStateText } from "./slot-types.ts";
import "./booking.css";

interface SlotPickerProps {
  slots: readonly SlotView[];
  /** The chosen slot's key. */
  value: string | undefined;
  onChange(key: string): void;
  showRemaining: boolean;
  /** Names the slots' radio group (the question's title id). */
  labelledBy?: string;
  /** A slot that stays choosable whatever its state (the respondent's current one, when moving). */
  current?: string;
  disabled?: boolean;
  invalid?: { errorId: string | undefined } | undefined;
  required?: boolean;
}

function chosenDateOf(slots: readonly SlotView[], key: string | undefined): string | undefined {
  return key === undefined ? undefined : slots.find((slot) => slot.key === key)?.date;
}

/**
 * 预约时段 (issue #41): a strip of dates (周X / M月D日) and the chosen date's slots. Both are native radio
 * groups, so arrows move between items and screen readers announce "3 of 8"; full and closed slots are
 * disabled and say why. Shared by the answer page (Preact) and the receipt's 改约 (React).
 */
export function SlotPicker(props: SlotPickerProps) {
  const { slots, value, onChange, showRemaining } = props;
  const uid = useId();
  // Days already past their cut-off (or closed by the creator) are left out; full days stay, marked 约满.
  const days = groupByDate(slots).filter(
    (day) =>
      day.date === chosenDateOf(slots, props.current ?? value) ||
      day.slots.some((slot) => slotState(slot) !== "closed"),
  );
  const chosenDate = chosenDateOf(slots, value);
  const firstOpen = days.find((day) => day.slots.some((slot) => slotState(slot) === null))?.date;
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const date =
    (picked && days.some((day) => day.date === picked) ? picked : undefined) ??
    chosenDate ??
    firstOpen ??
    days[0]?.date;
  const day = days.find((item) => item.date === date);
  if (days.length === 0) return <p className="wa-bk-empty">暂无可预约的时段</p>;
  const states = props.invalid
    ? {
        "aria-invalid": true as const,
        ...(props.invalid.errorId ? { "aria-describedby": props.invalid.errorId } : {}),
      }
    : {};
  return (
    <div className="wa-bk">
      <div className="wa-bk-days" role="radiogroup" aria-label="预约日期">
        {days.map((item) => {
          const caption = dayCaption(item.slots[0] as SlotView);
          const open = item.slots.some((slot) => slotState(slot) === null);
          const on = item.date === date;
          return (
            <label key={item.date} className={`wa-bk-day${on ? " is-on" : ""}${open ? "" : " is-off"}`}>
              <input
                type="radio"
                name={`${uid}-day`}
                value={item.date}
                checked={on}
                disabled={props.disabled}
                onChange={() => setPicked(item.date)}
              />
              <span className="wa-bk-weekday">{caption.weekday}</span>
              <span className="wa-bk-date">{caption.day}</span>
              {open ? null : <span className="wa-bk-day-note">约满</span>}
            </label>
          );
        })}
      </div>
      {day ? (
        <div
          className="wa-bk-slots"
          role="radiogroup"
          {...(props.labelledBy ? { "aria-labelledby": props.labelledBy } : { "aria-label": "预约时段" })}
          {...(props.required ? { "aria-required": true as const } : {})}
          {...states}
        >
          {day.slots.map((slot) => {
            const state = slot.key === props.current ? null : slotState(slot);
            const on = slot.key === value;
            const note = state
              ? slotStateText[state]
              : showRemaining
                ? `剩余 ${Math.max(0, slot.remaining)}`
                : "";
            return (
              <label
                key={slot.key}
                className={`wa-bk-slot${on ? " is-on" : ""}${state ? " is-off" : ""}`}
                data-testid="booking-slot"
              >
                <input
                  type="radio"
                  name={`${uid}-slot`}
                  value={slot.key}
                  checked={on}
                  disabled={props.disabled || state !== null}
                  aria-label={`${slot.label}${note ? `，${note}` : ""}`}
                  onChange={() => onChange(slot.key)}
                />
                <span className="wa-bk-time">
                  {slot.start}-{slot.end}
                </span>
                {note ? <span className="wa-bk-note">{note}</span> : null}
              </label>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
