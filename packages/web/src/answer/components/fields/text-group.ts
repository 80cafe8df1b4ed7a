import {
  DateField,
  DateRangeField,
  MultiBlankField,
  NumberField,
  TimeField,
} from "../text/more-text-fields.tsx";
import { registerFields } from "./registry.ts";

registerFields({
  number: NumberField,
  date: DateField,
  time: TimeField,
  dateRange: DateRangeField,
  multiBlank: MultiBlankField,
});
