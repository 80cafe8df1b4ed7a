import {
  type FieldError,
  limits,
  type MessageKey,
  messages,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
} from "@wjgj/core";
import { type ZodType, z } from "zod";
import { iso, parseChinaDateTime } from "../clock.ts";
import { SAFE_URL } from "../security/sanitize.ts";

/**
 * Building blocks for route input schemas. Every field carries its own Chinese message so a 400 names
 * what to fix; values from a query string arrive as text, so numbers are parsed from strings too.
 */
const msg = (key: MessageKey) => ({ error: messages[key] });

export const phoneParam = z.string(msg("phoneInvalid")).trim().regex(PHONE_PATTERN, messages.phoneInvalid);

export const codeParam = z
  .string(msg("codeInvalidFormat"))
  .trim()
  .regex(new RegExp(`^\\d{${limits.phoneCode.length}}$`), messages.codeInvalidFormat);

export const newPasswordParam = z
  .string(msg("passwordInvalid"))
  .regex(PASSWORD_PATTERN, messages.passwordInvalid);

/** A password being checked, not set: any non-empty text of sane length. */
export const passwordParam = z
  .string(msg("passwordRequired"))
  .min(1, messages.passwordRequired)
  .max(128, messages.passwordRequired);

/** An integer that may arrive as a number (JSON) or as text (query string, form). */
export function intFromText(key: MessageKey, min: number, max: number) {
  return z
    .union(
      [
        z.number(msg(key)),
        z
          .string(msg(key))
          .trim()
          .regex(/^-?\d+$/, messages[key]),
      ],
      msg(key),
    )
    .transform(Number)
    .pipe(z.number().int(messages[key]).min(min, messages[key]).max(max, messages[key]));
}

export const pageNumParam = intFromText("pageNumInvalid", 1, 1_000_000).default(1);
export const pageSizeParam = intFromText("pageSizeInvalid", 1, limits.pageSizeMax).default(10);
export const fromTypeParam = intFromText("fromTypeInvalid", 1, 99).default(limits.defaultFromType);

/** Largest value of a 32-bit INTEGER column; PostgreSQL refuses anything above it. */
export const MAX_INT = 2_147_483_647;

export const idParam = intFromText("idInvalid", 1, MAX_INT);
export const sortParam = intFromText("sortInvalid", -9999, 9999).default(0);

/**
 * Browser forms send an untouched optional field as "": treat it as absent (filters, optional ids).
 * The wrapped schema still refuses every other wrong value.
 */
export function blankAsAbsent<T extends ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

export const optionalIdParam = blankAsAbsent(idParam);

// Tabs and line breaks are ordinary in multi-line text; every other C0 control is refused.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Plain text, trimmed, `min`–`max` characters; stored as typed and escaped wherever it is shown. */
export function textParam(key: MessageKey, options: { min?: number; max: number; multiline?: boolean }) {
  const control = options.multiline ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
  return z
    .string(msg(key))
    .trim()
    .min(options.min ?? 0, messages[key])
    .max(options.max, messages[key])
    .refine((value) => !control.test(value), messages.controlChars);
}

/** An http(s) address or a site path (images, links); "" when `optional` allows leaving it empty. */
export function urlParam(key: MessageKey = "urlInvalid", options: { optional?: boolean; max?: number } = {}) {
  return z
    .string(msg(key))
    .trim()
    .max(options.max ?? 500, messages[key])
    .refine((value) => (options.optional && value === "") || SAFE_URL.test(value), messages[key]);
}

export function enumParam<const T extends readonly [string, ...string[]]>(values: T, key: MessageKey) {
  return z.enum(values, msg(key));
}

/** Yes/no from a checkbox (JSON boolean, "true"/"false", 1/0). */
export function booleanParam(key: MessageKey) {
  return z
    .union(
      [
        z.boolean(msg(key)),
        z.enum(["true", "false", "1", "0"], msg(key)),
        z.literal(1, msg(key)),
        z.literal(0, msg(key)),
      ],
      msg(key),
    )
    .transform((value) => value === true || value === "true" || value === "1" || value === 1);
}

/** A time typed in China time (or ISO with a zone), answered as a UTC ISO string for storage. */
export function dateTimeParam(key: MessageKey = "dateTimeInvalid") {
  return z
    .string(msg(key))
    .trim()
    .max(40, messages[key])
    .transform((value, ctx) => {
      const date = parseChinaDateTime(value);
      if (date) return iso(date);
      ctx.addIssue({ code: "custom", message: messages[key] });
      return z.NEVER;
    });
}

/**
 * A JSON object that may also arrive as JSON text (form fields carry only text). Text that is not
 * JSON becomes "absent", which `schema` refuses with its own message.
 */
export function jsonObjectParam<T extends ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    if (value.length > 10_000) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }, schema);
}

export function zodIssuesToFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "params",
    message: issue.message,
  }));
}

export type Schema = ZodType<unknown, unknown>;
