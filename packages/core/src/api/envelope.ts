import { type ApiResult, type FieldError, ResultCode } from "./codes.ts";
import { messages } from "./messages.ts";

export function ok<T>(data: T, msg: string = messages.ok): ApiResult<T> {
  return { code: ResultCode.ok, msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): ApiResult<unknown> {
  return { code, msg, data };
}

export function invalid(errors: FieldError[], msg: string = errors[0]?.message ?? messages.invalidInput) {
  return fail(ResultCode.invalidInput, msg, { errors });
}
