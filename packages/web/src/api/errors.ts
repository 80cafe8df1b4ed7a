import { type FieldError, ResultCode } from "@wjgj/core";

/**
 * Rejection of every API call. `handled` says the request client already told the user (toast or box), so
 * callers must not show `msg` again.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly handled: boolean;

  constructor(code: number, msg: string, data: unknown, handled: boolean) {
    super(msg);
    this.name = "ApiError";
    this.code = code;
    this.data = data;
    this.handled = handled;
  }
}

/**
 * A questionnaire that is gone or not the caller's: creator screens answer both with 问卷不存在 (403 is not told
 * apart from 404, so nobody learns which ids exist).
 */
export function isMissingQuestionnaire(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ResultCode.notFound || error.code === ResultCode.forbidden)
  );
}

/** The `data.errors` of a 400 answer, or an empty list. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (item): item is FieldError =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as FieldError).field === "string" &&
      typeof (item as FieldError).message === "string",
  );
}

/**
 * The progress (0–100) of a filtered call the server answered 正在准备筛选数据 (its index of a large
 * questionnaire is being built), or null for any other outcome.
 */
export function preparingProgress(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== ResultCode.preparing) return null;
  const progress = (error.data as { progress?: unknown } | null)?.progress;
  return typeof progress === "number" ? progress : 0;
}
