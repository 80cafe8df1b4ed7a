import dayjs, { type Dayjs } from "dayjs";
import type { Params } from "../../../api/request.ts";
import type { FieldSpec, FormValues } from "../screen-config.ts";

/** The server's time format (China time), as dates are typed and shown everywhere in the console. */
export const DATE_TIME = "YYYY-MM-DD HH:mm:ss";

/** Money stays in fen (an integer) except in the input the admin types yuan into. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

export function yuanToFen(yuan: number): number {
  return Math.round(yuan * 100);
}

/** `9900` → `¥99.00`. */
export function yuanText(fen: number): string {
  return `¥${fenToYuan(fen).toFixed(2)}`;
}

function toDayjs(value: unknown): Dayjs | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  const parsed = dayjs(value.replace(" ", "T"));
  return parsed.isValid() ? parsed : null;
}

/** A row (or a new record's defaults) as the form edits it. */
export function rowToForm(fields: readonly FieldSpec[], source: FormValues): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = source[field.name];
    switch (field.kind) {
      case "yuan":
        values[field.name] = typeof value === "number" ? fenToYuan(value) : value;
        break;
      case "datetime":
        values[field.name] = toDayjs(value);
        break;
      case "select":
        values[field.name] = value === null ? undefined : value;
        break;
      default:
        values[field.name] = value;
    }
  }
  return values;
}

/** The form's values as the save call's parameters; an empty optional value is sent as "" (absent). */
export function formToParams(fields: readonly FieldSpec[], values: FormValues): Params {
  const params: Params = {};
  for (const field of fields) {
    const value = values[field.name];
    switch (field.kind) {
      case "yuan":
        params[field.name] = typeof value === "number" ? yuanToFen(value) : "";
        break;
      case "datetime":
        params[field.name] = dayjs.isDayjs(value) ? value.format(DATE_TIME) : "";
        break;
      case "limits":
        params[field.name] = JSON.stringify(value ?? {});
        break;
      case "switch":
        params[field.name] = value === true;
        break;
      case "number":
        params[field.name] = typeof value === "number" ? value : "";
        break;
      default:
        params[field.name] =
          typeof value === "string" ? value.trim() : typeof value === "number" ? value : "";
    }
  }
  return params;
}
