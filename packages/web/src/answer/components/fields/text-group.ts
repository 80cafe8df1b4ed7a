import type { FieldComponent } from "../field-types.ts";
import {
  DateField,
  DateRangeField,
  MultiBlankField,
  NumberField,
  TimeField,
} from "../text/more-text-fields.tsx";

/** The text group: registered by the registry's loader (or all.ts) when it is loaded. */
export const textFields: Readonly<Record<string, FieldComponent>> = {
  number: NumberField,
  date: DateField,
  time: TimeField,
  dateRange: DateRangeField,
  multiBlank: MultiBlankField,
};
