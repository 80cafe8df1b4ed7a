import type { BookingSlotList } from "@wjgj/core/api/bookings-api";
import { useCallback, useRef, useState } from "react";
import { apiCall } from "../../lib/api.ts";
import { useRefreshWhileVisible } from "../../lib/use-refresh.ts";
import type { SlotView } from "./slot-types.ts";

/** Live slots refresh this often while the page is visible (places change as others book). */
export const SLOTS_REFRESH_MS = 30_000;

export type SlotsState =
  | { status: "loading" }
  | { status: "ready"; slots: SlotView[] }
  | { status: "error"; message: string };

/**
 * The slots of a published question from GET anQuestion/bookingSlots, fetched again when the page comes back
 * into view and every 30 s while it is visible. A failed refresh keeps the slots already shown.
 */
export function useLiveSlots(publicId: string, questionId: string, enabled: boolean) {
  const [state, setState] = useState<SlotsState>({ status: "loading" });
  const latest = useRef(state);
  latest.current = state;
  const load = useCallback(async () => {
    const outcome = await apiCall<BookingSlotList>("GET", "anQuestion/bookingSlots", {
      query: { publicId, questionId },
    });
    if (outcome.ok) setState({ status: "ready", slots: outcome.data.slots });
    else if (latest.current.status !== "ready") setState({ status: "error", message: outcome.msg });
  }, [publicId, questionId]);

  useRefreshWhileVisible(load, SLOTS_REFRESH_MS, enabled);

  return { state, reload: load };
}
