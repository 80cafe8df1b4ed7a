import {
  type FieldError,
  limits,
  type MessageKey,
  messages,
  PASSWORD_PATTERN,
  PHONE_PATTERN,
} from "@wjgj/core";
import { type ZodType, z } from "zod";

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

function intFromText(key: MessageKey, min: number, max: number) {
  return z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+$/),
      ],
      msg(key),
    )
    .transform(Number)
    .pipe(z.number().int().min(min, messages[key]).max(max, messages[key]));
}

export const pageNumParam = intFromText("pageNumInvalid", 1, 1_000_000).default(1);
export const pageSizeParam = intFromText("pageSizeInvalid", 1, limits.pageSizeMax).default(10);
export const fromTypeParam = intFromText("fromTypeInvalid", 1, 99).default(limits.defaultFromType);

export function zodIssuesToFieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join(".") || "params",
    message: issue.message,
  }));
}

export type Schema = ZodType<unknown, unknown>;
