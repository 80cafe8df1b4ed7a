import { useEffect, useState } from "react";
import { isRecord } from "../../lib/values.ts";
import { useFieldA11y } from "../a11y/field-a11y.ts";
import type { FieldProps } from "../field-types.ts";
import { SlotPicker } from "./slot-picker.tsx";
import type { SlotView } from "./slot-types.ts";
import { useLiveSlots } from "./use-slots.ts";

/** A preview's slots, computed from the schedule once its code has loaded (null until then). */
function usePreviewSlots(schedule: FieldProps<"booking">["question"]["config"]["schedule"] | null) {
  const [slots, setSlots] = useState<SlotView[] | null>(null);
  useEffect(() => {
    if (!schedule) return;
    let live = true;
    void import("./preview-slots.ts").then(({ scheduleSlots }) => {
      if (live) setSlots(scheduleSlots(schedule));
    });
    return () => {
      live = false;
    };
  }, [schedule]);
  return slots;
}

/**
 * 预约 (issue #41): the respondent picks a slot; the answer is `{ slot }`. A published questionnaire shows the
 * server's live places; a preview and the read-only view (no public id) show the schedule itself.
 */
export function BookingField({ question, value, onChange, context }: FieldProps<"booking">) {
  const live = !context.preview && context.publicId !== "";
  const { state, reload } = useLiveSlots(context.publicId, question.id, live);
  const local = usePreviewSlots(live ? null : question.config.schedule);
  const a11y = useFieldA11y();
  const chosen = isRecord(value) && typeof value.slot === "string" ? value.slot : undefined;
  if ((live && state.status === "loading") || (!live && local === null))
    return (
      <p className="wa-bk-status" aria-busy="true">
        正在加载可预约时段…
      </p>
    );
  if (live && state.status === "error")
    return (
      <p className="wa-bk-status is-error" role="alert">
        {state.message}
        <button type="button" className="wa-bk-retry" onClick={() => void reload()}>
          重试
        </button>
      </p>
    );
  const slots = live && state.status === "ready" ? state.slots : (local ?? []);
  return (
    <SlotPicker
      slots={slots}
      value={chosen}
      onChange={(slot) => onChange({ slot })}
      showRemaining={question.config.showRemaining}
      labelledBy={a11y.titleId || undefined}
      required={a11y.required}
      invalid={a11y.invalid ? { errorId: a11y.errorId } : undefined}
    />
  );
}
