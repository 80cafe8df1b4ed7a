import { BookingField } from "../booking/booking-field.tsx";
import type { FieldComponent } from "../field-types.ts";

/** 预约 (issue #41): its own chunk, so questionnaires without bookings download none of it. */
export const bookingFields: Readonly<Record<string, FieldComponent>> = {
  booking: BookingField,
};
