import { z } from "zod";
import {
  bookingMessages,
  bookingScheduleSchema,
  defaultBookingSchedule,
  isScheduleSlot,
  slotLabel,
} from "../../../api/bookings.ts";
import { error } from "../../shared/issue.ts";
import { addChoice, type ChoiceStats, emptyChoiceStats, mergeChoice } from "../helpers/counters.ts";
import { defineQuestionType } from "../module.ts";
import { questionTypeNames } from "../names.ts";

/**
 * 预约 (issue #41): the respondent picks one time slot of the creator's schedule (api/bookings.ts). The answer
 * is the slot's key; places, the cut-off and the per-person limit are the server's, checked in the submit's
 * transaction (commands/bookings). For statistics it is a single choice whose option is the slot key.
 */
const configSchema = z.object({
  schedule: bookingScheduleSchema,
  /** The answer page shows how many places each slot has left. */
  showRemaining: z.boolean().default(true),
});
export type BookingConfig = z.output<typeof configSchema>;

const answerSchema = z.object({ slot: z.string().max(32) });
export type BookingAnswer = z.output<typeof answerSchema>;

export const bookingType = defineQuestionType({
  type: "booking",
  name: questionTypeNames.booking,
  group: "advanced",
  configSchema,
  answerSchema,
  answerable: true,
  valueType: "string",
  valueTypeOf: (_config, key) => (key === undefined || key === "key" ? "string" : undefined),
  scoringModes: [],
  // Computed when the question is created: the dates start today, not when the module was loaded.
  defaults: () => ({ schedule: defaultBookingSchedule(), showRemaining: true }),
  isEmpty: (answer) => answer.slot === "",
  validate: (config, answer) =>
    isScheduleSlot(config.schedule, answer.slot)
      ? []
      : [error("bookingSlotUnknown", bookingMessages.bookingSlotUnknown, ["slot"])],
  toText: (_config, answer) => slotLabel(answer.slot),
  toValue: (_config, answer, _options, key) => (key === "key" ? answer.slot : slotLabel(answer.slot)),
  stats: {
    empty: (): ChoiceStats => emptyChoiceStats,
    add: (_config, state, answer) => addChoice(state, [answer.slot]),
    merge: mergeChoice,
  },
});
