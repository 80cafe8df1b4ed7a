import { z } from "zod";
import { optionSchema } from "../../definition/option.ts";
import { singleChoiceType } from "../choice/single-choice-base.ts";
import { questionTypeNames } from "../names.ts";

/** A bookable time slot; `quota` is its capacity, so each booking yields the quota key `option:<q>:<slot>`. */
const slotSchema = optionSchema.extend({
  quota: z.number().int().positive(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

const configSchema = z.object({ options: z.array(slotSchema).min(1).max(500) });
export type AppointmentConfig = z.output<typeof configSchema>;

/**
 * 预约时段: pick one slot; the server refuses a slot whose capacity is used up (see quota keys). Retired from
 * the palette by 预约 (booking.ts); questionnaires that have it keep working.
 */
export const appointmentType = singleChoiceType({
  retired: true,
  type: "appointment",
  name: questionTypeNames.appointment,
  group: "advanced",
  configSchema,
  defaults: () => ({
    options: [
      { id: "s1", label: "上午 09:00-12:00", quota: 10 },
      { id: "s2", label: "下午 14:00-17:00", quota: 10 },
    ],
  }),
});
